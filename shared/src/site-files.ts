/** The site files screen (`/cms/file/...`): what the server answers and the admin client shows. */

/** A folder of `GET /cms/file/directoryTreeData`. */
export interface SiteFileTreeNode {
  id: string;
  parentId: string;
  label: string;
  isRoot: boolean;
  children?: SiteFileTreeNode[];
}

/** A row of `GET /cms/file/list`; `Time` is the server's `Date`, an ISO string on the wire. */
export interface SiteFileRow<Time = string> {
  filePath: string;
  fileName: string;
  isDirectory: boolean;
  fileSize: number;
  modifyTime: Time | null;
  /** A text file the editor opens. */
  canEdit: boolean;
  /** A root folder of the site (a pipe, theme assets, templates): fixed. */
  isRoot: boolean;
  /** A template file or folder: edited through the template module, managed in Templates. */
  isTemplate: boolean;
}
