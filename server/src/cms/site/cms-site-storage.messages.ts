import { defineMessages } from '../../common/i18n/i18n';

/** Messages of a site's resource storage (`/cms/site/storage/:siteId`). */
export const CMS_SITE_STORAGE_MESSAGES = defineMessages({
  'zh-CN': {
    'cms.site.storage.driver': '存储方式只能是 default（系统存储）或 s3（站点自己的 S3 兼容存储）',
    'cms.site.storage.endpoint': '存储服务地址必须是 http:// 或 https:// 开头的地址，不含路径',
    'cms.site.storage.region': '区域只能包含字母、数字和短横线，最多 64 个字符',
    'cms.site.storage.bucket': '存储桶名称须为 3 到 63 个小写字母、数字、点或短横线，且以字母或数字开头和结尾',
    'cms.site.storage.accessKey': '请填写访问密钥 ID（AccessKey），不能含空格，最多 128 个字符',
    'cms.site.storage.secretKey': '请填写访问密钥（SecretKey），最多 256 个字符',
    'cms.site.storage.publicUrl': '访问域名必须以 http:// 或 https:// 开头',
    'cms.site.storage.publicUrlRequired': '使用 S3 存储时须填写存储桶的访问域名，或先在站点基本信息中设置资源域名，否则发布的页面无法引用资源',
    'cms.site.storage.unreachable': '无法连接存储服务或访问存储桶（{reason}），站点存储未更改',
    'cms.site.storage.busy': '该站点正在切换存储，请稍后再试',
    'cms.site.storage.changed': '已切换存储：复制了 {copied} 个文件到新存储，原存储中的 {keptInPrevious} 个文件保留未删除',
  },
  'zh-TW': {
    'cms.site.storage.driver': '儲存方式只能是 default（系統儲存）或 s3（網站自己的 S3 相容儲存）',
    'cms.site.storage.endpoint': '儲存服務位址必須是 http:// 或 https:// 開頭的位址，不含路徑',
    'cms.site.storage.region': '區域只能包含字母、數字和短橫線，最多 64 個字元',
    'cms.site.storage.bucket': '儲存桶名稱須為 3 到 63 個小寫字母、數字、點或短橫線，且以字母或數字開頭和結尾',
    'cms.site.storage.accessKey': '請填寫存取金鑰 ID（AccessKey），不能含空格，最多 128 個字元',
    'cms.site.storage.secretKey': '請填寫存取金鑰（SecretKey），最多 256 個字元',
    'cms.site.storage.publicUrl': '存取網域必須以 http:// 或 https:// 開頭',
    'cms.site.storage.publicUrlRequired': '使用 S3 儲存時須填寫儲存桶的存取網域，或先在網站基本資訊中設定資源網域，否則發佈的頁面無法引用資源',
    'cms.site.storage.unreachable': '無法連線儲存服務或存取儲存桶（{reason}），網站儲存未變更',
    'cms.site.storage.busy': '該網站正在切換儲存，請稍後再試',
    'cms.site.storage.changed': '已切換儲存：複製了 {copied} 個檔案到新儲存，原儲存中的 {keptInPrevious} 個檔案保留未刪除',
  },
  en: {
    'cms.site.storage.driver': 'Storage must be default (the system storage) or s3 (the site’s own S3-compatible storage)',
    'cms.site.storage.endpoint': 'The storage endpoint must be an http:// or https:// address without a path',
    'cms.site.storage.region': 'The region may contain letters, digits and dashes only, at most 64 characters',
    'cms.site.storage.bucket':
      'The bucket name must be 3 to 63 lower-case letters, digits, dots or dashes, starting and ending with a letter or digit',
    'cms.site.storage.accessKey': 'Enter the access key ID, without spaces, at most 128 characters',
    'cms.site.storage.secretKey': 'Enter the secret key, at most 256 characters',
    'cms.site.storage.publicUrl': 'The public URL must begin with http:// or https://',
    'cms.site.storage.publicUrlRequired':
      'S3 storage needs the bucket’s public URL, or a resource domain in the site’s basic settings; otherwise published pages cannot link the resources',
    'cms.site.storage.unreachable': 'Cannot reach the storage service or its bucket ({reason}); the site’s storage was not changed',
    'cms.site.storage.busy': 'The site’s storage is being changed; try again later',
    'cms.site.storage.changed':
      'Storage changed: {copied} file(s) copied to the new storage; the {keptInPrevious} file(s) in the previous storage are kept',
  },
});
