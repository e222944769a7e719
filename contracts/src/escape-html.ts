const ENTITIES: Record<string, string | undefined> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The one HTML escaper: every value put into server-built HTML (e-mails, pages) goes through it. */
export const escapeHtml = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
