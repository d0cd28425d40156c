import { Input, Textarea, type InputProps } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';
import { isMultiline, type GuideField } from '@/lib/guide-fields';

/** How a text field's input is typed: the keyboard a phone shows, and no autofill or spell check on WiFi values. */
export function inputAttributesOf(field: GuideField): InputProps {
  if (field.kind === 'url') return { type: 'url', inputMode: 'url' };
  if (!('input' in field)) return {};
  if (field.input === 'tel') return { type: 'tel', inputMode: 'tel' };
  if (field.input === 'secret') return { autoComplete: 'off', spellCheck: false };
  return {};
}

/** A text, link or WiFi field's input, named by the field's key; several lines where the field says so; a link's placeholder says how it starts. */
export function FieldInput({
  field,
  value,
  placeholder,
  onChange,
}: {
  field: GuideField;
  value: string;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const props = {
    name: field.key,
    size: 'lg' as const,
    value,
    placeholder: placeholder ?? (field.kind === 'url' ? 'https://' : undefined),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  return isMultiline(field) ? <Textarea rows={4} {...props} /> : <Input {...inputAttributesOf(field)} {...props} />;
}
