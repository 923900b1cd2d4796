import { createContext, type ReactNode, useContext } from 'react';
import { api } from '../../providers/instances.ts';
import { createVerificationApi, type VerificationApi } from './verification-api.ts';

const VerificationApiContext = createContext<VerificationApi | null>(null);

let shared: VerificationApi | null = null;

/** Lets tests hand the dialog a fake API; the app uses the shared HTTP client. */
export function VerificationApiProvider({ api, children }: { api: VerificationApi; children?: ReactNode }) {
  return <VerificationApiContext.Provider value={api}>{children}</VerificationApiContext.Provider>;
}

export const useVerificationApi = (): VerificationApi => {
  const provided = useContext(VerificationApiContext);
  if (provided) return provided;
  shared ??= createVerificationApi(api);
  return shared;
};
