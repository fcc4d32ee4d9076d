import AudioFileIcon from '@mui/icons-material/AudioFile';
import CodeIcon from '@mui/icons-material/Code';
import DescriptionIcon from '@mui/icons-material/Description';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import ImageIcon from '@mui/icons-material/Image';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SlideshowIcon from '@mui/icons-material/Slideshow';
import TableChartIcon from '@mui/icons-material/TableChart';
import TextSnippetIcon from '@mui/icons-material/TextSnippet';
import VideoFileIcon from '@mui/icons-material/VideoFile';
import { Box, type SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import { isImageRow, previewSrc, type IconType, type ResourceRow } from './resource';

const ICONS: Record<IconType, ComponentType<SvgIconProps>> = {
  image: ImageIcon,
  audio: AudioFileIcon,
  video: VideoFileIcon,
  word: DescriptionIcon,
  excel: TableChartIcon,
  ppt: SlideshowIcon,
  pdf: PictureAsPdfIcon,
  archive: FolderZipIcon,
  code: CodeIcon,
  text: TextSnippetIcon,
  unknown: InsertDriveFileIcon,
};

/** The file-type icon of a row (spec mapping, computed by the server as `iconType`). */
export function FileTypeIcon({ iconType, ...props }: { iconType?: string } & SvgIconProps) {
  const Icon = ICONS[(iconType ?? 'unknown') as IconType] ?? InsertDriveFileIcon;
  return <Icon data-icon-type={iconType ?? 'unknown'} {...props} />;
}

/** A thumbnail for images, the file-type icon for the rest. */
export function ResourcePreview({ row, size }: { row: ResourceRow; size: number }) {
  return (
    <Box
      sx={{ width: size, height: size, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'action.hover', overflow: 'hidden' }}
    >
      {isImageRow(row) && row.thumbnailSrc ? (
        <img src={previewSrc(row)} alt={row.name} loading="lazy" style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
      ) : (
        <FileTypeIcon iconType={row.iconType} sx={{ fontSize: size / 2 }} color="action" />
      )}
    </Box>
  );
}
