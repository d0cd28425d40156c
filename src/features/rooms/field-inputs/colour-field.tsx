import { HStack, Input } from '@chakra-ui/react';
import { useId } from 'react';
import { FormField } from '@/components/form-field';
import { isHexColour } from '../room-form/room-form-validation';

/**
 * A colour as a picker and as hex text (hosts paste brand colours), with the field's message. Left empty, the picker
 * shows `fallback` (the colour guests get instead, say the template's) and the text names it as a placeholder.
 */
export function ColourField({
  name,
  label,
  value,
  fallback = '#000000',
  error,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  fallback?: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <FormField label={label} errorText={error}>
      <HStack gap="2" w="full">
        <Input
          type="color"
          id={`${id}-picker`}
          aria-label={label}
          value={(isHexColour(value) ? value : fallback).toLowerCase()}
          onChange={(e) => onChange(e.target.value)}
          w="14"
          minW="14"
          h="11"
          p="1"
          cursor="pointer"
        />
        <Input
          name={name}
          value={value}
          placeholder={fallback.toLowerCase()}
          onChange={(e) => onChange(e.target.value)}
          fontFamily="mono"
          maxLength={7}
          spellCheck={false}
          size="lg"
        />
      </HStack>
    </FormField>
  );
}
