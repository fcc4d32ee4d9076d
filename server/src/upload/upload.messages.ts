import { defineMessages } from '../common/i18n/i18n';

/** Messages of the generic upload and download (`/common/upload`, `/common/download`). */
export const UPLOAD_MESSAGES = defineMessages({
  'zh-CN': {
    'upload.title': '通用上传下载',
    'upload.fileRequired': '请选择要上传的文件',
    'upload.badExtension': '文件格式不正确，请上传{types}格式文件',
    'upload.contentMismatch': '文件“{name}”的内容与扩展名不符，请上传真实的{ext}文件',
    'upload.tooLarge': '上传文件大小不能超过{max}MB',
    'upload.imageTooManyPixels': '图片“{name}”尺寸过大（{width}×{height}，最多 {max} 百万像素）',
    'upload.tooMany': '上传文件数量不能超过{max}个',
    'upload.pathInvalid': '文件路径非法，不允许下载',
    'upload.notFound': '文件不存在或已被删除',
    'upload.forbidden': '没有权限下载该文件',
  },
  'zh-TW': {
    'upload.title': '通用上傳下載',
    'upload.fileRequired': '請選擇要上傳的檔案',
    'upload.badExtension': '檔案格式不正確，請上傳{types}格式檔案',
    'upload.contentMismatch': '檔案「{name}」的內容與副檔名不符，請上傳真實的{ext}檔案',
    'upload.tooLarge': '上傳檔案大小不能超過{max}MB',
    'upload.imageTooManyPixels': '圖片「{name}」尺寸過大（{width}×{height}，最多 {max} 百萬像素）',
    'upload.tooMany': '上傳檔案數量不能超過{max}個',
    'upload.pathInvalid': '檔案路徑不合法，不允許下載',
    'upload.notFound': '檔案不存在或已被刪除',
    'upload.forbidden': '沒有權限下載該檔案',
  },
  en: {
    'upload.title': 'Upload and download',
    'upload.fileRequired': 'Choose a file to upload',
    'upload.badExtension': 'Wrong file format, please upload {types} files',
    'upload.contentMismatch': 'The content of "{name}" does not match its extension; upload a real {ext} file',
    'upload.tooLarge': 'The file size cannot exceed {max} MB',
    'upload.imageTooManyPixels': 'The image "{name}" is too large ({width}×{height}, at most {max} megapixels)',
    'upload.tooMany': 'No more than {max} files can be uploaded',
    'upload.pathInvalid': 'Invalid file path; download refused',
    'upload.notFound': 'The file does not exist or was deleted',
    'upload.forbidden': 'You may not download this file',
  },
});
