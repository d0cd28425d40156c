/**
 * The texts of one property or room in every language: a tab per language (the original's excepted), each text's
 * original next to the language's field, machine and outdated texts flagged for review, and one save per
 * language. What the database refuses is shown at the field, in the host's language; nothing typed is lost.
 */
import { Badge, Box, Button, Flex, Grid, Input, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { StatusAlert } from '@/components/status-alert';
import { toastSaved } from '@/components/toaster';
import { guideField, isMultiline } from '@/lib/guide-fields';
import { languageNames, supportedLanguages, type Language } from '@/lib/languages';
import type { Json } from '@/types/database';
import {
  applyEdits,
  entryFor,
  fieldProblem,
  textRowLabel,
  type FieldProblem,
  type RowEdit,
  type TextRow,
  type TranslationStatus,
} from '../lib/translation-entries';
import { saveTranslationsMutation } from '../queries';

interface EditorProps {
  table: 'properties' | 'qr_codes';
  id: string;
  rows: readonly TextRow[];
  translations: Json;
  original: Language;
  status: TranslationStatus | null;
}

function TabLabel({ language, status }: { language: Language; status: TranslationStatus | null }) {
  const counts = status?.languages[language];
  const complete = counts !== undefined && counts.missing === 0;
  const review = (counts?.machine ?? 0) + (counts?.outdated ?? 0);
  return (
    <>
      {languageNames[language]}
      {complete && <span aria-hidden="true"> ✓</span>}
      {review > 0 && <span aria-hidden="true"> •</span>}
    </>
  );
}

function RowEditor({
  row,
  language,
  translations,
  edit,
  problem,
  onEdit,
}: {
  row: TextRow;
  language: Language;
  translations: Json;
  edit: RowEdit | undefined;
  problem: FieldProblem | undefined;
  onEdit: (edit: RowEdit) => void;
}) {
  const { t } = useTranslation('translations');
  const saved = entryFor(translations, language, row);
  const value = edit && 'text' in edit ? edit.text : (saved?.text ?? '');
  const accepted = edit !== undefined;
  const label = textRowLabel(t, row);
  const long = isMultiline(guideField(row.path));
  return (
    <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap={{ base: '2', md: '5' }} py="4" borderBottomWidth="1px" borderColor="border.muted">
      <Stack gap="1" minW="0">
        <Text textStyle="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
          {t('original')}
        </Text>
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere" data-testid="original-text">
          {row.original}
        </Text>
      </Stack>
      <Stack gap="2" minW="0" lang={language}>
        <FormField label={label} errorText={problem ? t(problem.message, problem.values ?? {}) : undefined}>
          {long ? (
            <Textarea value={value} onChange={(event) => onEdit({ text: event.target.value })} rows={4} size="lg" maxLength={row.maxLength} />
          ) : (
            <Input value={value} onChange={(event) => onEdit({ text: event.target.value })} size="lg" maxLength={row.maxLength} />
          )}
        </FormField>
        <Flex gap="2" wrap="wrap" align="center">
          {!value.trim() && <Badge colorPalette="gray">{t('flags.missing')}</Badge>}
          {saved && !accepted && saved.source === 'machine' && <Badge colorPalette="purple">{t('flags.machine')}</Badge>}
          {saved && !accepted && saved.outdated && <Badge colorPalette="orange">{t('flags.outdated')}</Badge>}
          {saved && !accepted && (saved.source === 'machine' || saved.outdated) && (
            <Button size="xs" variant="outline" onClick={() => onEdit({ accept: true })}>
              {t('accept')}
            </Button>
          )}
        </Flex>
      </Stack>
    </Grid>
  );
}

export function TranslationsEditor({ table, id, rows, translations, original, status }: EditorProps) {
  const { t } = useTranslation('translations');
  const languages = supportedLanguages.filter((language) => language !== original);
  const [language, setLanguage] = useState<Language>(languages[0]);
  const [edits, setEdits] = useState<Partial<Record<Language, Map<string, RowEdit>>>>({});
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [failed, setFailed] = useState(false);
  const save = useMutation(saveTranslationsMutation);

  const editsOf = (of: Language) => edits[of] ?? new Map<string, RowEdit>();
  const edit = (row: TextRow, next: RowEdit) => {
    setEdits((current) => ({ ...current, [language]: new Map(current[language] ?? []).set(row.id, next) }));
    if (problem?.path === row.path) setProblem(null);
  };

  const submit = () => {
    setProblem(null);
    setFailed(false);
    // The database's json column type; applyEdits keeps every value JSON.
    const next = applyEdits(translations, language, rows, editsOf(language)) as NonNullable<Json>;
    save.mutate(
      { table, id, translations: next },
      {
        onSuccess: () => {
          setEdits((current) => ({ ...current, [language]: undefined }));
          toastSaved(t('saved'));
        },
        onError: (error) => {
          const atField = fieldProblem(error, language);
          if (atField) setProblem(atField);
          else setFailed(true);
        },
      },
    );
  };

  return (
    <Tabs.Root value={language} onValueChange={(details) => setLanguage(details.value as Language)} variant="enclosed" fitted={false}>
      <Box pb="1">
        <Tabs.List aria-label={t('languages')} flexWrap="wrap">
          {languages.map((code) => (
            <Tabs.Trigger key={code} value={code} lang={code} minH="11">
              <TabLabel language={code} status={status} />
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Box>
      {languages.map((code) => (
        <Tabs.Content key={code} value={code}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="0">
              {rows.map((row, index) => (
                <RowEditor
                  key={row.id}
                  row={row}
                  language={code}
                  translations={translations}
                  edit={editsOf(code).get(row.id)}
                  // An activity's problem names the list: shown at its first activity.
                  problem={problem && problem.path === row.path && rows.findIndex((other) => other.path === row.path) === index ? problem : undefined}
                  onEdit={(next) => edit(row, next)}
                />
              ))}
            </Stack>
            {failed && (
              <Box mt="4">
                <StatusAlert>{t('saveFailed')}</StatusAlert>
              </Box>
            )}
            <Flex mt="5" justify="flex-end">
              <Button type="submit" size="lg" minH="11" loading={save.isPending} disabled={editsOf(code).size === 0}>
                {t('save')}
              </Button>
            </Flex>
          </form>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
