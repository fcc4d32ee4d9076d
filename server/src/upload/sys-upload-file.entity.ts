import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A file uploaded through `POST /common/upload` (`sys_upload_file`): where it is stored and who may read it. */
@Entity('sys_upload_file')
export class SysUploadFile {
  @PrimaryGeneratedColumn('identity', { name: 'upload_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' }) uploadId: string;
  /** Storage key inside the upload root, e.g. `upload/2026/11/25/<32 hex>.pdf`; what `GET /common/download?path=` takes. */
  @Column({ type: 'varchar', length: 500, unique: true }) path: string;
  /** The file name the uploader's computer gave it (shown and used when downloading). */
  @Column({ name: 'original_name', type: 'varchar', length: 255 }) originalName: string;
  @Column({ name: 'file_size', type: 'bigint' }) fileSize: string;
  /** Media type recognised from the content. */
  @Column({ type: 'varchar', length: 100 }) mime: string;
  /** The uploader (sys_user.user_id); only they, or staff holding system:file:download, may read the file. */
  @Column({ name: 'user_id', type: 'bigint' }) userId: string;
  @Column({ name: 'create_by', type: 'varchar', length: 64, default: '' }) createBy: string;
  @CreateDateColumn({ name: 'create_time', type: 'timestamptz' }) createTime: Date;
}
