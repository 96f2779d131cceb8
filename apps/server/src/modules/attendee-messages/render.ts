/**
 * The email a message to attendees becomes (docs/attendee-messages.md). The organizer writes plain
 * text: blank lines make paragraphs, single line breaks stay, http(s) addresses become links; every
 * character they typed is escaped, so no HTML of theirs reaches the recipient. The footer says why the
 * person got it.
 */

export interface AttendeeEmailInput {
  subject: string;
  body: string;
  eventTitle: string;
  organizationName: string;
}

export interface RenderedAttendeeEmail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** An http(s) address up to whitespace or `<`; trailing punctuation belongs to the sentence. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}]+$/;

/** One line: escaped, its addresses made links (the address is escaped in both places too). */
function lineHtml(line: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    let url = match[0];
    const tail = TRAILING.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - tail.length);
    html += escapeHtml(line.slice(last, start));
    html += `<a href="${escapeHtml(url)}" style="color:#1c5fb0">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(line.slice(last));
}

/** Paragraphs (split on blank lines) of lines (split on line breaks). */
export function bodyHtml(body: string): string {
  return body
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px;line-height:1.5">${paragraph.split('\n').map(lineHtml).join('<br>')}</p>`,
    )
    .join('\n');
}

export function whyLine(eventTitle: string, organizationName: string): string {
  return `You receive this because you have a ticket to ${eventTitle} organized by ${organizationName}.`;
}

export function renderAttendeeEmail(input: AttendeeEmailInput): RenderedAttendeeEmail {
  const why = whyLine(input.eventTitle, input.organizationName);
  const body = input.body.replace(/\r\n?/g, '\n').trim();
  const text = `${body}\n\n--\n${input.organizationName} · ${input.eventTitle}\n${why}\n`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2328">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:13px;color:#555b63">${escapeHtml(input.organizationName)} · ${escapeHtml(input.eventTitle)}</p>
${bodyHtml(body)}
<hr style="border:none;border-top:1px solid #d9dce1;margin:24px 0 12px">
<p style="margin:0;font-size:12px;color:#555b63">${escapeHtml(why)}</p>
</div>
</body></html>`;
  return { subject: input.subject, text, html };
}
