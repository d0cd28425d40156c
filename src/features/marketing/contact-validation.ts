import type { ContactMessage } from './api/send-contact-message';

export type ContactErrors = Partial<Record<keyof ContactMessage, 'required' | 'invalidEmail'>>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** All four fields are required (docs/product-spec.md §5); the email must look like one. */
export function validateContact(values: ContactMessage): ContactErrors {
  const errors: ContactErrors = {};
  for (const key of ['name', 'email', 'subject', 'message'] as const) {
    if (values[key].trim() === '') errors[key] = 'required';
  }
  if (!errors.email && !emailPattern.test(values.email.trim())) errors.email = 'invalidEmail';
  return errors;
}
