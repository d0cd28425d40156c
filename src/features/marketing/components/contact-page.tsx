import { Button, Container, Heading, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '@/components/content-card';
import { FormField } from '@/components/form-field';
import { StatusAlert } from '@/components/status-alert';
import { sendContactMessage, type ContactMessage } from '../api/send-contact-message';
import { validateContact, type ContactErrors } from '../contact-validation';
import { earlyCheckedField } from '@/first-paint/app/early-invalid';

type Outcome = null | 'success' | 'failure' | 'exception';

const emptyMessage: ContactMessage = { name: '', email: '', subject: '', message: '' };

export default function ContactPage() {
  const { t } = useTranslation('marketing');
  const [values, setValues] = useState<ContactMessage>(emptyMessage);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const set = (key: keyof ContactMessage) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    setOutcome(null);
    try {
      const ok = await sendContactMessage({ ...values, name: values.name.trim(), email: values.email.trim(), subject: values.subject.trim() });
      setOutcome(ok ? 'success' : 'failure');
      if (ok) setValues(emptyMessage); // on failure the typed message stays for another try
    } catch (error) {
      console.error('Contact form failed', error);
      setOutcome('exception');
    } finally {
      setSending(false);
    }
  };

  const error = (key: keyof ContactMessage) => (errors[key] ? t(`contact.${errors[key]}`) : undefined);

  return (
    <Container maxW="2xl" px={{ base: '4', md: '8' }} py={{ base: '8', md: '12' }}>
      <Stack gap="3" mb="6">
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }} letterSpacing="tight">
          {t('contact.title')}
        </Heading>
        <Text color="fg.muted" textStyle="lg">
          {t('contact.lead')}
        </Text>
      </Stack>
      <ContentCard>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="5">
            {outcome === 'success' && <StatusAlert status="success">{t('contact.success')}</StatusAlert>}
            {outcome === 'failure' && <StatusAlert status="error">{t('contact.failure')}</StatusAlert>}
            {outcome === 'exception' && <StatusAlert status="error">{t('contact.exception')}</StatusAlert>}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <FormField label={t('contact.name')} required errorText={error('name')}>
                <Input {...earlyCheckedField} name="name" size="lg" autoComplete="name" value={values.name} onChange={set('name')} required />
              </FormField>
              <FormField label={t('contact.email')} required errorText={error('email')}>
                <Input {...earlyCheckedField} name="email" type="email" size="lg" autoComplete="email" value={values.email} onChange={set('email')} required />
              </FormField>
            </SimpleGrid>
            <FormField label={t('contact.subject')} required errorText={error('subject')}>
              <Input {...earlyCheckedField} name="subject" size="lg" value={values.subject} onChange={set('subject')} required />
            </FormField>
            <FormField label={t('contact.message')} required errorText={error('message')}>
              <Textarea {...earlyCheckedField} name="message" size="lg" rows={6} value={values.message} onChange={set('message')} required />
            </FormField>
            <Button type="submit" size="lg" minH="11" alignSelf={{ base: 'stretch', sm: 'flex-end' }} loading={sending} loadingText={t('contact.sending')}>
              {t('contact.send')}
            </Button>
          </Stack>
        </form>
      </ContentCard>
    </Container>
  );
}
