import type { Config } from './config.ts';
import type { Db, DbKind } from './db/client.ts';
import { createRightsLoader } from './http/rights.ts';
import { createLoginThrottle } from './modules/auth/login-throttle.ts';
import { createSessionRepository } from './modules/auth/session.repository.ts';
import { createMemberRepository } from './modules/member/member.repository.ts';

/** What route modules share: the database, settings, the clock and the repositories over them. */
export const createContext = (deps: { db: Db; dbKind: DbKind; config: Config; clock: () => Date }) => ({
  ...deps,
  members: createMemberRepository(deps.db),
  sessions: createSessionRepository(deps.db, deps.config.session, deps.clock),
  loginThrottle: createLoginThrottle(deps.db, deps.clock),
  loadRights: createRightsLoader(deps.db),
});

export type AppContext = ReturnType<typeof createContext>;
