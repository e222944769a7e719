import * as yup from 'yup';
import { MSG } from '../messages.js';
import { noControlCharacters, ukPhoneSchema } from './common.js';

const m = MSG.contact;

export const contactMessageSchema = yup.object({
  name: yup.string().trim().required(m.nameRequired).min(3, m.nameMin).max(100).test(noControlCharacters),
  email: yup.string().trim().required(m.emailRequired).email(m.emailInvalid).max(254),
  phone: ukPhoneSchema({ required: m.phoneRequired, digits: m.phoneDigits, length: MSG.booking.phoneLength }),
  title: yup.string().trim().required(m.titleRequired).max(200),
  message: yup.string().trim().required(m.messageRequired).max(5000),
  agree: yup.boolean().required(m.agree).oneOf([true], m.agree),
});
export type ContactMessage = yup.InferType<typeof contactMessageSchema>;

/** POST /api/contact/sendemail answer: the thank-you text to show. */
export interface ContactMessageResponse {
  message: string;
}
