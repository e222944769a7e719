/**
 * Proof of delivery for tests that mark a job done: a real 1×1 PNG (photo and signature alike), the
 * bytes of a JPEG header, and things that only claim to be images.
 */
export const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
export const PNG_DATA_URL = `data:image/png;base64,${PNG_1PX}`;
export const JPEG_DATA_URL = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]).toString('base64')}`;
/** HTML calling itself a JPEG. */
export const FAKE_JPEG_DATA_URL = `data:image/jpeg;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`;
export const GIF_DATA_URL = `data:image/gif;base64,${Buffer.from('GIF89a....').toString('base64')}`;

/** The body of POST /api/driver/me/jobs/:id/progress marking "done" with its proof. */
export const doneWithProof = (
  signedBy = 'Ada Lovelace',
  collected: { method: 'cash' | 'card' | 'none'; amountPence: number } = { method: 'none', amountPence: 0 },
) => ({
  step: 'done',
  photos: [JPEG_DATA_URL, PNG_DATA_URL],
  signature: PNG_DATA_URL,
  signedBy,
  collected,
});
