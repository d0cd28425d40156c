/**
 * Room photos: pick several files at once, each checked (5 MB, JPEG/PNG/WebP) before upload, uploaded
 * one after another (kind to a weak connection) with a progress bar, shown as thumbnails. One photo is
 * the room photo the guide shows; the first upload becomes it unless the host picks another.
 */
import { Badge, Box, Button, Flex, Image, Progress, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadRoomImage } from '../api/upload-room-image';
import { allowedImageTypes, checkImageFile, maxImageBytes, type ImageProblem } from './image-upload';

interface UploadItem {
  key: string;
  fileName: string;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  problem?: ImageProblem | 'uploadFailed' | 'tooMany';
}

export function ImagePicker({
  folder,
  maxImages,
  images,
  roomPhotoUrl,
  onUploaded,
  onRemove,
  onChooseRoomPhoto,
  onBusyChange,
}: {
  /** The storage folder uploads go into (the team account's). */
  folder: string;
  /** The most photos a room may have (the database allows 10). */
  maxImages: number;
  images: string[];
  roomPhotoUrl: string;
  onUploaded: (url: string) => void;
  onRemove: (url: string) => void;
  onChooseRoomPhoto: (url: string) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useTranslation('rooms');
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<UploadItem[]>([]);
  const busy = items.some((i) => i.status === 'waiting' || i.status === 'uploading');
  const finished = items.filter((i) => i.status === 'done' || i.status === 'failed').length;

  const update = (key: string, patch: Partial<UploadItem>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // choosing the same file again must fire change again
    if (files.length === 0) return;
    let room = maxImages - images.length;
    const batch: (UploadItem & { file: File })[] = files.map((file) => {
      const problem = checkImageFile(file) ?? (room > 0 ? null : 'tooMany');
      if (!problem) room -= 1;
      return { key: crypto.randomUUID(), fileName: file.name, file, status: problem ? 'failed' : 'waiting', problem: problem ?? undefined };
    });
    setItems(batch.map(({ file: _file, ...item }) => item));
    onBusyChange(batch.some((i) => i.status === 'waiting'));
    for (const item of batch) {
      if (item.status !== 'waiting') continue;
      update(item.key, { status: 'uploading' });
      try {
        onUploaded(await uploadRoomImage(folder, item.file));
        update(item.key, { status: 'done' });
      } catch (error) {
        console.error('Image upload failed', error);
        update(item.key, { status: 'failed', problem: 'uploadFailed' });
      }
    }
    onBusyChange(false);
  };

  const problems = items.filter((i) => i.status === 'failed');

  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Button variant="outline" minH="11" onClick={() => inputRef.current?.click()} disabled={busy}>
          {t('images.add')}
        </Button>
        <Text textStyle="sm" color="fg.muted">
          {t('images.rules', { max: Math.round(maxImageBytes / 1024 / 1024) })}
        </Text>
        <VisuallyHidden>
          <input
            ref={inputRef}
            type="file"
            multiple
            accept={allowedImageTypes.join(',')}
            onChange={(e) => void onFiles(e)}
            data-testid="image-input"
            aria-label={t('images.add')}
          />
        </VisuallyHidden>
      </Flex>
      {items.length > 0 && busy && (
        <Stack gap="1" aria-live="polite">
          <Text textStyle="sm">{t('images.progress', { done: finished, total: items.length })}</Text>
          <Progress.Root value={(finished / items.length) * 100} size="sm">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      )}
      {problems.length > 0 && (
        <Stack gap="1" role="alert">
          {problems.map((item) => (
            <Text key={item.key} textStyle="sm" color="fg.error" overflowWrap="anywhere">
              {item.problem === 'tooMany'
                ? t('images.tooMany', { max: maxImages })
                : t(`images.problem.${item.problem ?? 'uploadFailed'}`, { name: item.fileName, max: Math.round(maxImageBytes / 1024 / 1024) })}
            </Text>
          ))}
        </Stack>
      )}
      {images.length > 0 && (
        <SimpleGrid columns={{ base: 2, sm: 3, md: 2, lg: 3, xl: 4 }} gap="3">
          {images.map((url) => {
            const isRoomPhoto = url === roomPhotoUrl;
            return (
              <Stack
                key={url}
                gap="2"
                borderWidth="1px"
                borderColor={isRoomPhoto ? 'colorPalette.solid' : 'border'}
                borderRadius="md"
                p="2"
                data-testid="uploaded-image"
              >
                <Box position="relative">
                  <Image src={url} alt="" aspectRatio={4 / 3} objectFit="cover" w="full" borderRadius="sm" loading="lazy" />
                  {isRoomPhoto && (
                    <Badge position="absolute" top="1" left="1" colorPalette="teal" variant="solid">
                      {t('images.roomPhoto')}
                    </Badge>
                  )}
                </Box>
                {!isRoomPhoto && (
                  <Button size="xs" minH="11" variant="subtle" onClick={() => onChooseRoomPhoto(url)}>
                    {t('images.useAsRoomPhoto')}
                  </Button>
                )}
                <Button size="xs" minH="11" variant="ghost" colorPalette="red" onClick={() => onRemove(url)}>
                  {t('images.remove')}
                </Button>
              </Stack>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
