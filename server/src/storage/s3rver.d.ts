/** The parts of s3rver (a local fake S3 server, no bundled types) the storage tests use. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    /** Starts listening; answers the bound address. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    configureBuckets(): Promise<void>;
    reset(): void;
    /** The filesystem store behind the server. */
    store: { deleteObject(bucket: string, key: string): Promise<void> };
  }

  export = S3rver;
}
