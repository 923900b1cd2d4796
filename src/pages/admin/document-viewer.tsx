import { FileOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Modal, Segmented, Space, Spin } from 'antd';
import { useState } from 'react';
import { DOCUMENT_KINDS, fileIdOfUrl, kindOfMime } from '#domain/rules/files.ts';
import type { Gym } from '#domain/schemas/gym.ts';

// Verification documents are served by GET /web/file/<id> to the operator and the facility's representative.
// Images show in an <img>, PDFs in a same-origin <iframe> (the file route allows that framing; the app's CSP has
// frame-src 'self'). A HEAD request tells which, before anything is drawn.

export const DOCUMENT_FIELDS = ['businessUrlImgUrl', 'representIdImgUrl', 'workerIdImgUrl'] as const;
export type DocumentField = (typeof DOCUMENT_FIELDS)[number];

export type DocumentKind = 'image' | 'pdf';

/** Only the app's own file URLs are drawn: a stored value is never trusted as a link target or frame source. */
export const isDocumentUrl = (url: string | null | undefined): url is string =>
  typeof url === 'string' && fileIdOfUrl(url) !== undefined;

/** How a document is drawn, from the Content-Type it is served with; undefined for anything else. */
export const documentKindOf = (contentType: string | null): DocumentKind | undefined => {
  const kind = kindOfMime((contentType ?? '').split(';')[0]!.trim().toLowerCase(), DOCUMENT_KINDS);
  if (kind === 'pdf') return 'pdf';
  return kind ? 'image' : undefined;
};

/** The facility's documents that were submitted, in the order of the verification form. */
export const documentsOf = (gym: Pick<Gym, DocumentField>): { field: DocumentField; url: string }[] =>
  DOCUMENT_FIELDS.flatMap((field) => {
    const url = gym[field];
    return isDocumentUrl(url) ? [{ field, url }] : [];
  });

type Probe = { ok: boolean; kind: DocumentKind | undefined };

const probe = async (url: string): Promise<Probe> => {
  const response = await fetch(url, { method: 'HEAD', credentials: 'same-origin' });
  return { ok: response.ok, kind: documentKindOf(response.headers.get('content-type')) };
};

const useDocumentKind = (url: string) =>
  useQuery({
    queryKey: ['document-kind', url],
    queryFn: () => probe(url),
    // A stored file never changes under its id.
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });

/** One document, drawn in the page; `height` is the frame's for PDFs and the image's limit. */
export function DocumentView({ url, title, height = 560 }: { url: string; title: string; height?: number }) {
  const translate = useTranslate();
  const { data, isLoading, isError } = useDocumentKind(url);
  let body: React.ReactNode;
  if (isLoading) body = <Spin aria-label={translate('review.documents.loading')} />;
  else if (isError || !data?.ok || !data.kind)
    body = <Alert type="warning" showIcon message={translate('review.documents.unavailable')} />;
  else if (data.kind === 'image')
    body = (
      <img
        src={url}
        alt={title}
        style={{ display: 'block', maxWidth: '100%', maxHeight: height, objectFit: 'contain' }}
      />
    );
  else
    body = (
      <iframe
        src={url}
        title={title}
        style={{ width: '100%', height, border: '1px solid #d9d9d9', borderRadius: 6 }}
      />
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {body}
      <a href={url} target="_blank" rel="noopener noreferrer">
        {translate('review.documents.openInTab', { name: title })}
      </a>
    </Space>
  );
}

/** The operator's in-page viewer: one document at a time, picked by its name. */
export function DocumentViewer({ gym }: { gym: Pick<Gym, DocumentField> }) {
  const translate = useTranslate();
  const documents = documentsOf(gym);
  const [chosen, setChosen] = useState<DocumentField | undefined>(undefined);
  if (documents.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={translate('review.documents.none')} />;
  const current = documents.find((doc) => doc.field === chosen) ?? documents[0]!;
  const label = (field: DocumentField) => translate(`gym.fields.${field}`);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented<DocumentField>
        aria-label={translate('review.documents.choose')}
        value={current.field}
        onChange={setChosen}
        options={documents.map((doc) => ({ value: doc.field, label: label(doc.field) }))}
      />
      <DocumentView key={current.url} url={current.url} title={label(current.field)} />
    </Space>
  );
}

/** A document as a button that opens it in a dialog (the facility settings page). */
export function DocumentButton({ url, title }: { url: string; title: string }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { data } = useDocumentKind(url);
  return (
    <>
      <Button
        icon={data?.kind === 'pdf' ? <FilePdfOutlined /> : <FileOutlined />}
        onClick={() => setOpen(true)}
      >
        {translate('review.documents.view', { name: title })}
      </Button>
      <Modal
        open={open}
        title={title}
        width={760}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <DocumentView url={url} title={title} height={600} />
      </Modal>
    </>
  );
}
