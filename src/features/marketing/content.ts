/** Shapes of the marketing namespace's lists (read with `returnObjects`). */
export interface TitledText {
  title: string;
  text: string;
}
export interface Testimonial {
  quote: string;
  role: string;
}

/** People's names are not translated, so they live here rather than in every locale file. */
export const testimonialAuthors = ['Marta Delgado', 'Jonas Keller'] as const;
export interface FaqItem {
  question: string;
  answer: string;
}

/** i18next returns the key itself when a list is missing: treat anything that is not an array as empty. */
export function asList<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}
