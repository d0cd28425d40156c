/**
 * The room form's values: what the host typed, which shared fields this room overrides, and the field messages. A
 * shared field shows the property's value until the host overrides it; typing into it, or adding to its list, makes
 * it the room's own (starting from the property's value, so the host edits it rather than retyping).
 */
import { useState } from 'react';
import { valueAt, withValueAt, type GuideFieldKey, type GuideTemplate, type InheritableKey } from '@/lib/guide-fields';
import type { PropertyGuide } from '../api/property-guide';
import { templateColors } from '../templates';
import type { GuideFormValues } from '../types';
import { lookKeys, type RoomFormState } from './prefill';
import type { RoomFormErrors } from './room-form-validation';

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

export function useRoomValues(start: RoomFormState, shared: PropertyGuide) {
  const [values, setValues] = useState<GuideFormValues>(start.values);
  const [overridden, setOverridden] = useState<ReadonlySet<InheritableKey>>(start.overridden);
  const [errors, setErrors] = useState<RoomFormErrors>({});

  const clearErrors = (keys: readonly GuideFieldKey[]) =>
    setErrors((current) => (keys.some((key) => current[key]) ? { ...current, ...Object.fromEntries(keys.map((key) => [key, undefined])) } : current));
  const inherits = (key: InheritableKey) => !overridden.has(key);
  const propertyValue = (key: InheritableKey): string => textOf(valueAt(shared, key));
  /** What the room shows for a text field: its own value when overridden, else the property's. */
  const shown = (key: InheritableKey): string => (inherits(key) ? propertyValue(key) : textOf(valueAt(values, key)));
  /** The list the room shows: its own once overridden, else the property's. */
  const shownList = (key: InheritableKey): readonly string[] => {
    const list = inherits(key) ? valueAt(shared, key) : valueAt(values, key);
    return Array.isArray(list) ? (list as string[]) : [];
  };

  /** Overrides `keys`, each starting from the property's value, then applies `change`. */
  const override = (keys: readonly InheritableKey[], change: (v: GuideFormValues) => GuideFormValues = (v) => v) => {
    const starting = keys.filter(inherits);
    setValues((v) => change(starting.reduce((next, key) => withValueAt(next, key, structuredClone(valueAt(shared, key))), v)));
    setOverridden((current) => new Set([...current, ...keys]));
  };
  const inherit = (keys: readonly InheritableKey[]) => {
    setOverridden((current) => new Set([...current].filter((key) => !keys.includes(key))));
    clearErrors(keys);
  };
  /** One of the room's own fields (name, number, photo link). */
  const setOwn = (key: GuideFieldKey, value: string) => {
    setValues((v) => withValueAt(v, key, value));
    clearErrors([key]);
  };
  /** Typing into a field that shows the property's value makes what was typed this room's own. */
  const setShared = (key: InheritableKey, value: string) => {
    setValues((v) => withValueAt(v, key, value));
    setOverridden((current) => (current.has(key) ? current : new Set([...current, key])));
    clearErrors([key]);
  };
  const addItem = (key: InheritableKey, item: string) => override([key], (v) => withValueAt(v, key, [...(valueAt(v, key) as string[]), item]));
  const removeItem = (key: InheritableKey, index: number) =>
    setValues((v) =>
      withValueAt(
        v,
        key,
        (valueAt(v, key) as string[]).filter((_, i) => i !== index),
      ),
    );

  // The look (template and colours) is chosen as a whole: changing one part makes all of it the room's.
  const lookInherited = lookKeys.every(inherits);
  const template: GuideTemplate = lookInherited ? shared.template : values.template;
  /** A look colour as shown: an override as typed (the database judges it); the property's, or its template's when it leaves it empty. */
  const lookColour = (key: 'style.primaryColor' | 'style.backgroundColor'): string => {
    const colour = key === 'style.primaryColor' ? 'primaryColor' : 'backgroundColor';
    return lookInherited ? propertyValue(key) || templateColors[template][colour] : values.style[colour];
  };
  const setLook = (change: (v: GuideFormValues) => GuideFormValues) => {
    override(lookKeys, change);
    clearErrors(lookKeys);
  };
  const applyTemplate = (next: GuideTemplate) => setLook((v) => ({ ...v, template: next, style: { ...v.style, ...templateColors[next] } }));
  const setLookColour = (key: 'style.primaryColor' | 'style.backgroundColor', colour: string) => setLook((v) => withValueAt(v, key, colour));
  /** Makes the look the room's own as it is shown now (the property's colours, or its template's). */
  const keepLook = () =>
    setLook((v) => ({ ...v, style: { ...v.style, primaryColor: lookColour('style.primaryColor'), backgroundColor: lookColour('style.backgroundColor') } }));

  return {
    values,
    setValues,
    overridden,
    errors,
    setErrors,
    clearErrors,
    inherits,
    propertyValue,
    shown,
    shownList,
    override,
    inherit,
    setOwn,
    setShared,
    addItem,
    removeItem,
    look: { inherited: lookInherited, template, lookColour, applyTemplate, setLookColour, keepLook },
  };
}

export type RoomValues = ReturnType<typeof useRoomValues>;
