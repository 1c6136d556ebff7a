import sanitizeHtml from 'sanitize-html';

/**
 * Server-side HTML sanitising (sanitised on input and again on render), the one
 * allowlist for every piece of staff-written HTML the server stores (help articles, notices): it
 * is cleaned when it is saved, so the database never holds a script, and again by
 * src/app/sanitize.ts (DOMPurify) where it renders:
 * an allowlist of text tags, links and pictures; no script, style, frame, form or event handler;
 * links only to http(s), mailto:, tel: or a path of this site; pictures only from https or a path
 * of this site (/media/…, /art/…). An absolute http(s) link opens in a new tab without the
 * opener. docs/decisions.md "Help and feedback".
 */

export const ARTICLE_TAGS = [
  'h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'small', 'span', 'div',
  'ul', 'ol', 'li', 'a', 'img', 'blockquote', 'code', 'pre', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
] as const;

const ABSOLUTE_HTTP = /^https?:\/\//i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_TAGS],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // '//evil.example/x' would leave the site under the page's own scheme.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text of these is dropped with the tag (not kept as text).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'xmp', 'noembed', 'noframes'],
  nestingLimit: 30,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
  transformTags: {
    a: (tagName, attribs) => {
      const { href, title } = attribs;
      const next: sanitizeHtml.Attributes = {};
      if (href !== undefined) next.href = href;
      if (title !== undefined) next.title = title;
      if (href !== undefined && ABSOLUTE_HTTP.test(href.trim())) {
        next.target = '_blank';
        next.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = {};
      for (const name of ['src', 'alt', 'width', 'height'] as const) {
        const value = attribs[name];
        if (value === undefined) continue;
        if ((name === 'width' || name === 'height') && !/^\d{1,4}$/.test(value)) continue;
        next[name] = value;
      }
      return { tagName, attribs: next };
    },
  },
  // A picture without a source is nothing to show.
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
