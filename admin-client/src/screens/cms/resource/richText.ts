import type Quill from 'quill';
import type { ResourceRow, ResourceType } from './resource';

/** Toolbar buttons of the rich-text editor that pick from the material library. */
export type LibraryButton = 'image' | 'video' | 'audio' | 'attachment';

/** The kinds each button offers in the picker (an attachment is any file). */
export function pickerKinds(button: LibraryButton): ResourceType[] | undefined {
  return button === 'attachment' ? undefined : [button];
}

/** The editor's toolbar with audio and attachment buttons next to image and video. */
export function libraryToolbar<T>(toolbar: readonly T[]): T[] {
  return toolbar.map((group) => (Array.isArray(group) && group.includes('video') ? ([...group, 'audio', 'attachment'] as T) : group));
}

const AUDIO_ICON =
  '<svg viewBox="0 0 18 18"><path class="ql-stroke" d="M3 7h3l4-3v10l-4-3H3z"/><path class="ql-stroke" d="M12.5 6.5a3.5 3.5 0 0 1 0 5"/></svg>';
const ATTACHMENT_ICON =
  '<svg viewBox="0 0 18 18"><path class="ql-stroke" d="M12 5.5 6.8 10.7a1.5 1.5 0 0 0 2.1 2.1l5.6-5.6a3 3 0 0 0-4.2-4.2L4.6 8.7a4.5 4.5 0 0 0 6.4 6.4l4.2-4.2"/></svg>';

/** Icons of the two buttons Quill does not have. */
export function registerLibraryIcons(QuillCtor: typeof Quill): void {
  const icons = QuillCtor.import('ui/icons') as Record<string, string>;
  icons.audio ??= AUDIO_ICON;
  icons.attachment ??= ATTACHMENT_ICON;
}

/** The name a link to a file shows: its display name with the extension. */
export function linkText(row: Pick<ResourceRow, 'name' | 'suffix'>): string {
  const suffix = row.suffix ? `.${row.suffix}` : '';
  return row.name.toLowerCase().endsWith(suffix.toLowerCase()) ? row.name : `${row.name}${suffix}`;
}

/**
 * Inserts a picked resource at `index` and answers the index after it: an image as its thumbnail linked to the
 * original when the site made one (else the image itself), a video as the editor's video embed, audio, other files
 * and anything picked with the attachment button as a link named after the file.
 */
export function insertResource(editor: Quill, index: number, row: ResourceRow, button: LibraryButton = 'image'): number {
  if (button !== 'attachment' && row.resourceType === 'image') {
    const thumb = !!row.thumbnail && !!row.thumbnailSrc && row.thumbnailSrc !== row.src;
    editor.insertEmbed(index, 'image', thumb ? row.thumbnailSrc : row.src, 'user');
    if (thumb) editor.formatText(index, 1, 'link', row.src, 'user');
    return index + 1;
  }
  if (button !== 'attachment' && row.resourceType === 'video') {
    editor.insertEmbed(index, 'video', row.src, 'user');
    return index + 1;
  }
  const text = linkText(row);
  editor.insertText(index, text, { link: row.src }, 'user');
  editor.insertText(index + text.length, ' ', { link: false }, 'user');
  return index + text.length + 1;
}
