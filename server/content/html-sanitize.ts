import sanitizeHtml from 'sanitize-html';

/**
 * Server-side HTML sanitising (issue 13: "HTML sanitised on input and on render"). Staff-written
 * HTML (notices; later help articles) is cleaned with sanitize-html before it is stored, so the
 * database never holds a script; the client cleans it again with DOMPurify when it renders
 * (src/app/sanitize.ts). The allow-list is the formatting a notice needs: headings, paragraphs,
 * lists, emphasis, links (http, https, mailto, tel, app paths) and images (http, https, app paths).
 * No styles, classes, ids, event handlers, frames, forms or scripts.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'span', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], img: ['src', 'alt', 'width', 'height'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  transformTags: {
    // A link out of the app opens apart and gives the target no handle on this page; an app path
    // (/mine) stays a plain link the page routes itself. Whatever rel/target the author wrote goes.
    a: (tagName, attribs) => {
      const { rel: _rel, target: _target, ...rest } = attribs;
      return { tagName, attribs: /^https?:/i.test(rest.href ?? '') ? { ...rest, rel: 'noopener noreferrer', target: '_blank' } : rest };
    },
  },
  // An image whose source was refused (data:, javascript:) is dropped rather than left empty.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeServerHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text of an HTML fragment, whitespace collapsed (list summaries). */
export function htmlToText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|div|br)>/gi, ' $&'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
