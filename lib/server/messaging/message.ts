export interface OutgoingMessage {
  channel: "email" | "sms";
  to: string;
  subject: string;
  text: string;
  /** The one-time code carried, for the SMS template parameter. */
  code?: string;
}
