/** UK numbers as customers type them ("07700 900123", "447700900123") in E.164 for SMS providers. */
export function ukPhoneToE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('44')) return `+${digits}`;
  if (digits.startsWith('0')) return `+44${digits.slice(1)}`;
  return `+${digits}`;
}
