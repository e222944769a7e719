/** Header fields of an RFC 822 message: names lower-cased, folded lines joined, encoded words decoded. */
export function readMailHeaders(message: string): Record<string, string> {
  const end = message.search(/\r?\n\r?\n/);
  const head = end === -1 ? message : message.slice(0, end);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // Own keys only: `in` would see Object.prototype's "constructor" and skip a header of that name.
    if (!Object.hasOwn(headers, name)) headers[name] = decodeEncodedWords(line.slice(colon + 1).trim());
  }
  return headers;
}

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

/** RFC 2047: `=?UTF-8?Q?Price_=C2=A3?=` → "Price £"; blanks between adjacent encoded words are dropped. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(ENCODED_WORD, (word, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            );
      try {
        return new TextDecoder(charset.toLowerCase()).decode(bytes);
      } catch {
        return word;
      }
    });
}
