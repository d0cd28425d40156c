/**
 * A photo given by its link (the property's photo on the shared guide): the photo as guests will see it, its link,
 * and a button that uploads a file from the device into the team's folder and puts its link in. A file that is too
 * large or not an image, or an upload that fails, says so under the field and leaves the link as it was.
 */
import { Button, Flex, Image, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuideField } from '@/lib/guide-fields';
import { uploadRoomImage } from '../api/upload-room-image';
import { allowedImageTypes, checkImageFile, maxImageBytes, type ImageProblem } from '../room-form/image-upload';
import { FieldInput } from './field-input';

export function PhotoUrlInput({
  field,
  label,
  value,
  folder,
  onChange,
  onBusyChange,
}: {
  field: GuideField;
  label: string;
  value: string;
  /** The storage folder uploads go into (the team account's). */
  folder: string;
  onChange: (url: string) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useTranslation('rooms');
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<{ kind: ImageProblem | 'uploadFailed'; name: string } | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again must fire change again
    if (!file) return;
    const refused = checkImageFile(file);
    setProblem(refused ? { kind: refused, name: file.name } : null);
    if (refused) return;
    setUploading(true);
    onBusyChange(true);
    try {
      onChange(await uploadRoomImage(folder, file));
    } catch (error) {
      console.error('Photo upload failed', error);
      setProblem({ kind: 'uploadFailed', name: file.name });
    } finally {
      setUploading(false);
      onBusyChange(false);
    }
  };

  const upload = t('images.uploadOne');
  return (
    <Stack gap="3" align="stretch">
      {value && <Image src={value} alt={label} aspectRatio={16 / 9} objectFit="cover" w="full" maxW="md" borderRadius="md" loading="lazy" />}
      <FieldInput field={field} value={value} onChange={onChange} />
      <Flex gap="3" align="center" wrap="wrap">
        <Button variant="outline" minH="11" loading={uploading} onClick={() => inputRef.current?.click()}>
          {upload}
        </Button>
        <Text textStyle="sm" color="fg.muted">
          {t('images.ruleOne', { max: Math.round(maxImageBytes / 1024 / 1024) })}
        </Text>
        <VisuallyHidden>
          <input ref={inputRef} type="file" accept={allowedImageTypes.join(',')} onChange={(event) => void onFile(event)} aria-label={`${upload}: ${label}`} />
        </VisuallyHidden>
      </Flex>
      {problem && (
        <Text role="alert" textStyle="sm" color="fg.error" overflowWrap="anywhere">
          {t(`images.problem.${problem.kind}`, { name: problem.name, max: Math.round(maxImageBytes / 1024 / 1024) })}
        </Text>
      )}
    </Stack>
  );
}
