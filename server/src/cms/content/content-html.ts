import sanitizeHtml from 'sanitize-html';

// What rich text may hold: the editor's formatting (Quill: classes and a few inline styles), images, tables, links and
// its video embed (an iframe with an http(s) src). Scripts, styles, event handlers and javascript: URLs never pass.

const CSS_LENGTH = /^\d+(?:\.\d+)?(?:px|em|rem|%|pt)?$/;
const CSS_COLOR = /^(?:#[0-9a-fA-F]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)|[a-zA-Z]{3,20})$/;

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'span',
    'div',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'ins',
    'sub',
    'sup',
    'small',
    'mark',
    'blockquote',
    'pre',
    'code',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
    'iframe',
  ],
  allowedAttributes: {
    '*': ['class', 'style', 'title', 'id'],
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'alt', 'width', 'height'],
    iframe: ['src', 'width', 'height', 'frameborder', 'allowfullscreen', 'allow'],
    td: ['colspan', 'rowspan', 'align', 'valign', 'width'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'width', 'scope'],
    col: ['span', 'width'],
    colgroup: ['span', 'width'],
    ol: ['start', 'type'],
    table: ['border', 'cellpadding', 'cellspacing', 'width'],
  },
  allowedStyles: {
    '*': {
      color: [CSS_COLOR],
      'background-color': [CSS_COLOR],
      'text-align': [/^(?:left|right|center|justify)$/],
      'text-indent': [CSS_LENGTH],
      'font-size': [CSS_LENGTH],
      'font-weight': [/^(?:normal|bold|bolder|lighter|[1-9]00)$/],
      'font-style': [/^(?:normal|italic)$/],
      'text-decoration': [/^(?:none|underline|line-through)$/],
      'line-height': [CSS_LENGTH],
      width: [CSS_LENGTH],
      height: [CSS_LENGTH],
      'max-width': [CSS_LENGTH],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['http', 'https'] },
  allowProtocolRelative: false,
  // Only the player embed may be an iframe: one without an http(s) src goes away entirely.
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !/^https?:\/\//i.test(frame.attribs.src ?? ''),
  transformTags: {
    // A link opening a new window must not hand the opener to the other page.
    a: (tagName, attribs) => (attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs }),
  },
};

/** The rich text of an article made safe to publish (see RICH_TEXT for what stays). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT);
}

const EMBED: sanitizeHtml.IOptions = {
  allowedTags: ['iframe'],
  allowedAttributes: { iframe: ['src', 'width', 'height', 'frameborder', 'allowfullscreen', 'allow', 'scrolling', 'referrerpolicy'] },
  allowedSchemes: [],
  allowedSchemesByTag: { iframe: ['http', 'https'] },
  allowProtocolRelative: false,
};

/**
 * A third-party player's embed code reduced to its first iframe with an http(s) src (attributes sanitized, nothing
 * around or inside it kept), or null when there is no such iframe.
 */
export function sanitizeEmbedCode(code: string): string | null {
  const clean = sanitizeHtml(code, EMBED);
  const match = /<iframe\b([^>]*)>/i.exec(clean);
  if (!match || !/\ssrc="https?:\/\/[^"]+"/i.test(match[1])) return null;
  return `<iframe${match[1]}></iframe>`;
}
