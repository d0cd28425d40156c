/**
 * The room form's sections and inputs, drawn from the guide's field list (src/lib/guide-fields.ts) in its order: the
 * room's own fields as plain inputs, the property's shared ones with their inherit note, a list of texts as a list,
 * the photos as the photo picker, and the look (template and colours) as one choice.
 */
import { Box, SimpleGrid, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '@/components/content-card';
import { FormField } from '@/components/form-field';
import { guideFields, valueAt, type GuideField, type GuideFieldKey, type GuideSection } from '@/lib/guide-fields';
import { FieldInput } from '../field-inputs/field-input';
import { boundOf, fieldHint, fieldLabel, isWide } from '../field-inputs/field-text';
import { ListInput } from '../field-inputs/list-input';
import { showsOtherWifiField } from '../field-inputs/other-wifi-slots';
import { SharedInput } from '../field-inputs/shared-input';
import { ImagePicker } from './image-picker';
import { LookFields } from './look-fields';
import { lookKeys } from './prefill';
import { withoutPhoto, withUploadedPhoto } from './room-photos';
import type { RoomValues } from './use-room-values';

const sections: readonly GuideSection[] = [...new Set(guideFields.map((field) => field.section))];
const isLook = (field: GuideField) => (lookKeys as readonly string[]).includes(field.key);

/** Uploads: what the photo picker needs from the form. */
export interface PhotoUploads {
  /** The storage folder uploads go into (the team account's). */
  folder: string;
  onBusyChange: (busy: boolean) => void;
  onUploaded: (url: string) => void;
}

export function RoomFields({ room, uploads }: { room: RoomValues; uploads: PhotoUploads }) {
  const { t } = useTranslation('rooms');
  const errorText = (key: GuideFieldKey, bound?: number) => {
    const code = room.errors[key];
    return code ? t(code, { max: bound }) : undefined;
  };

  const input = (field: GuideField): ReactNode => {
    const label = fieldLabel(t, field);
    const placeholder = fieldHint(t, field, 'placeholder');
    if (field.kind === 'list' && field.item.kind === 'url') {
      return (
        <ImagePicker
          folder={uploads.folder}
          maxImages={field.maxLength}
          images={room.values.images}
          roomPhotoUrl={room.values.style.roomPhotoUrl}
          onBusyChange={uploads.onBusyChange}
          onUploaded={(url) => {
            uploads.onUploaded(url);
            room.setValues((v) => withUploadedPhoto(v, url));
          }}
          onRemove={(url) => room.setValues((v) => withoutPhoto(v, url))}
          onChooseRoomPhoto={(url) => room.setOwn('style.roomPhotoUrl', url)}
        />
      );
    }
    const control = !field.inheritable ? (
      <FieldInput
        field={field}
        value={String(valueAt(room.values, field.key) ?? '')}
        placeholder={placeholder}
        onChange={(value) => room.setOwn(field.key, value)}
      />
    ) : field.kind === 'list' ? (
      <ListInput
        field={field}
        label={label}
        placeholder={placeholder}
        items={room.shownList(field.key)}
        inherited={room.inherits(field.key)}
        onAdd={(item) => room.addItem(field.key, item)}
        onRemove={(index) => room.removeItem(field.key, index)}
        onOverride={() => room.override([field.key])}
        onInherit={() => room.inherit([field.key])}
      />
    ) : (
      <SharedInput
        field={field}
        label={label}
        inherited={room.inherits(field.key)}
        own={room.shown(field.key)}
        propertyValue={room.propertyValue(field.key)}
        onChange={(value) => room.setShared(field.key, value)}
        onOverride={() => room.override([field.key])}
        onInherit={() => room.inherit([field.key])}
      />
    );
    return (
      <FormField
        label={label}
        required={'required' in field && field.required}
        helperText={fieldHint(t, field, 'help')}
        errorText={errorText(field.key, boundOf(field))}
      >
        {control}
      </FormField>
    );
  };

  return (
    <Stack gap="5" minW="0">
      {sections.map((section) => (
        <ContentCard key={section} title={t(`form.sections.${section}`)}>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            {guideFields
              .filter((field) => field.section === section && (!isLook(field) || field.key === lookKeys[0]))
              .filter((field) => showsOtherWifiField(field, (key) => room.propertyValue(key) !== '' || !room.inherits(key), 'room'))
              .map((field) => (
                <Box key={field.key} gridColumn={isWide(field) || isLook(field) ? '1 / -1' : undefined} minW="0">
                  {isLook(field) ? <LookFields room={room} errorText={(key) => errorText(key)} /> : input(field)}
                </Box>
              ))}
          </SimpleGrid>
        </ContentCard>
      ))}
    </Stack>
  );
}
