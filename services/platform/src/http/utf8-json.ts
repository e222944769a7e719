import type { IncomingHttpHeaders } from 'node:http';
import { parse as parseContentType } from 'content-type';

/**
 * Whether the services' JSON body parser reads this body as UTF-8 JSON text: media type
 * `application/json` (the only one `express.json` parses; a `+json` type is left unparsed), UTF-8
 * or no charset (body-parser refuses any other spelling with a 415, `utf8` included), and no
 * content coding. Parsed with the same Content-Type parser as body-parser's, so both agree on odd
 * headers. The gateway scans exactly these for nesting depth as they stream; the services' short
 * body reader takes exactly these. Anything else is either refused or parsed by body-parser, and
 * every service checks the depth again after parsing.
 */
export function isUtf8JsonBody(headers: IncomingHttpHeaders): boolean {
  const coding = headers['content-encoding'];
  if (coding !== undefined && coding.toLowerCase() !== 'identity') return false;
  const header = headers['content-type'];
  if (!header) return false;
  const { type, parameters } = parseContentType(header);
  const charset = parameters.charset?.toLowerCase();
  // An empty charset is body-parser's default, UTF-8.
  return type === 'application/json' && (!charset || charset === 'utf-8');
}
