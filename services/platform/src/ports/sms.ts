export interface SmsMessage {
  to: string;
  body: string;
  id?: string;
}

export interface Sms {
  send(message: SmsMessage): Promise<{ id: string }>;
}
