/**
 * A checkbox for long tables (a row per room): the browser's own box in the theme's colour, inside a label that is
 * the touch target. Chakra's Checkbox runs a state machine per box, which for the analytics table's 300 rooms made
 * its first drawing 0.4 s longer on a tablet (README, "Scans").
 */
import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

interface LightCheckboxProps extends Omit<HTMLChakraProps<'label'>, 'onChange'> {
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The box's accessible name. */
  label: string;
}

/** The box's own style: the browser's checkbox, 20 px, in the theme's colour (also the room list cards' box). */
export const lightCheckboxBox = { boxSize: '5', m: '0', accentColor: 'colorPalette.solid', cursor: 'inherit' } as const;

export function LightCheckbox({ checked, disabled = false, onCheckedChange, label, ...labelProps }: LightCheckboxProps) {
  return (
    <chakra.label display="flex" alignItems="center" cursor={disabled ? 'not-allowed' : 'pointer'} {...labelProps}>
      <chakra.input
        type="checkbox"
        {...lightCheckboxBox}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-label={label}
      />
    </chakra.label>
  );
}
