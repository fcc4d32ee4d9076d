import type { RaRecord } from 'react-admin';

/** The documents of the comparison libraries (filter `libraryId`); rows are documents (`docId`). */
export const DOCUMENT_RESOURCE = 'check/document';

/** The documents page of a library. */
export const libraryDocumentsPath = (libraryId: string | number) => `/check/library-document/index/${libraryId}`;

/** Library kinds: staff add reference libraries; the CMS and self libraries are built in and cannot be deleted. */
export const LIBRARY_KIND = ['reference', 'cms', 'self'].map((id) => ({ id, name: `app.check_library.kind_${id}` }));
export const LIBRARY_STATUS = ['0', '1'].map((id) => ({ id, name: `app.check_library.status_${id}` }));
export const isBuiltInLibrary = (record: RaRecord | undefined) => !!record && record.libraryKind !== 'reference';

/** Indexing states of a document, with the colour of their chip. */
export const DOCUMENT_STATUS = [
  { id: 'pending', name: 'app.check_document.status_pending', color: 'default' },
  { id: 'indexing', name: 'app.check_document.status_indexing', color: 'info' },
  { id: 'indexed', name: 'app.check_document.status_indexed', color: 'success' },
  { id: 'failed', name: 'app.check_document.status_failed', color: 'error' },
] as const;

/** What an upload takes: one document, or a zip of many (the server judges the content). */
export const UPLOAD_ACCEPT = '.docx,.pdf,.txt,.zip';
/** The server's limit on one upload (UPLOAD_LIMITS.maxUploadBytes). */
export const MAX_UPLOAD_MB = 100;
