import { COMPANY } from '@vanhop/contracts';
import { html, type SafeHtml } from '../html.js';

/** What every template produces: both bodies of one message. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

/** Values templates need from configuration. */
export interface TemplateContext {
  publicUrl: string;
}

/** The shared HTML frame: inline styles only, since mail clients drop style sheets. */
export function layout(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#f2f2f2;font-family:Arial,Helvetica,sans-serif;color:#333">
<div style="max-width:600px;margin:0 auto;background:#fff;padding:24px;overflow-wrap:anywhere;word-break:break-word">
<h1 style="font-size:20px;color:#1a1a1a;margin:0 0 16px">${COMPANY.brand}</h1>
${body}
<p style="font-size:12px;color:#777;margin-top:32px">${COMPANY.name}, registered in England and Wales no. ${COMPANY.registrationNumber}.</p>
</div></body></html>`.value;
}

/** Plain-text footer matching the HTML one. */
export const textFooter = `\n--\n${COMPANY.name}, registered in England and Wales no. ${COMPANY.registrationNumber}.`;
