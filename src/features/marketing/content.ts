/** Shapes of the marketing namespace's lists (read with `returnObjects`). */
export interface TitledText {
  title: string;
  text: string;
}
export interface Testimonial {
  quote: string;
  author: string;
  role: string;
}
export interface FaqItem {
  question: string;
  answer: string;
}

/** i18next returns the key itself when a list is missing: treat anything that is not an array as empty. */
export function asList<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}
