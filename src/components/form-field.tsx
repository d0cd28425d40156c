import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * One labelled form control: label (with a required marker), the control, a helper line and an
 * error line. The control (Input, Textarea, NativeSelect…) is passed as children and is wired to the
 * label, helper and error by Chakra's Field context.
 */
export function FormField({
  label,
  required,
  helperText,
  errorText,
  children,
}: {
  label: ReactNode;
  required?: boolean;
  helperText?: ReactNode;
  errorText?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Field.Root required={required} invalid={Boolean(errorText)}>
      <Field.Label fontWeight="medium">
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helperText && !errorText && <Field.HelperText>{helperText}</Field.HelperText>}
      {errorText && <Field.ErrorText>{errorText}</Field.ErrorText>}
    </Field.Root>
  );
}
