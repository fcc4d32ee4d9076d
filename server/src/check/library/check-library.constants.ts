// Values shared by the comparison-library tables, service, jobs and seed.

/** Where a library's documents come from: staff uploads, the sites' published CMS content, consenting members' papers. */
export const LIBRARY_KINDS = ['reference', 'cms', 'self'] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];

/**
 * The libraries every installation has. The CMS hook and the self library address theirs by code, so these two are
 * never deleted; staff add further reference libraries.
 */
export const SEEDED_LIBRARIES: ReadonlyArray<{ code: string; name: string; kind: LibraryKind; sort: number; description: string }> = [
  { code: 'reference', name: '参考文献库', kind: 'reference', sort: 1, description: '工作人员上传的参考文献与资料' },
  { code: 'cms', name: '网站内容库', kind: 'cms', sort: 2, description: '各站点已发布的内容' },
  { code: 'self', name: '自建库', kind: 'self', sort: 3, description: '会员同意收录的已检测论文' },
];
export const CMS_LIBRARY_CODE = 'cms';
export const SELF_LIBRARY_CODE = 'self';

export const DOCUMENT_STATUSES = ['pending', 'indexing', 'indexed', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** What `check_document.origin` holds: a file name (upload), a CMS content id, a check order id. */
export const ORIGIN_TYPES = ['upload', 'cms', 'order'] as const;
export type OriginType = (typeof ORIGIN_TYPES)[number];

/** Background jobs (pg-boss queue names). */
export const INDEX_JOB = 'check.library.index';
export const REBUILD_JOB = 'check.library.rebuild';

/** Limits of one upload (a single file, or a zip of many). */
export const UPLOAD_LIMITS = {
  /** Bytes of the uploaded file itself (a single document or the zip). */
  maxUploadBytes: 100 * 1024 * 1024,
  /** Entries of a zip (directories included): a bound on the work of reading its directory. */
  maxZipEntries: 500,
  /** Uncompressed bytes of all the files of a zip, as declared by it (the extraction never writes more). */
  maxZipTotalBytes: 200 * 1024 * 1024,
  /** Uncompressed bytes of one file of a zip: the ingest stage's own file limit. */
  maxEntryBytes: 50 * 1024 * 1024,
} as const;

/** Documents per indexing job: a job stays well within its expiry, and a retry redoes little. */
export const DOCUMENTS_PER_INDEX_JOB = 50;
