/** A recipient as logs may name it: b***@example.net, +44*******89. Never the full address. */
export function maskRecipient(recipient: string): string {
  const at = recipient.lastIndexOf('@');
  if (at > 0) return `${recipient[0]}***${recipient.slice(at)}`;
  if (recipient.length <= 4) return '***';
  return `${recipient.slice(0, 3)}${'*'.repeat(recipient.length - 5)}${recipient.slice(-2)}`;
}
