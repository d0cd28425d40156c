import { Badge, Box, Button, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { teamRoles, type TeamMember, type TeamRole } from '../types';

/**
 * One member on the Team page: address, role and properties; for a manager the role choice and Remove, for an owner
 * "Make owner", for oneself "Leave the team". What a role may not do is not offered (the database refuses it anyway).
 */
export function MemberRow({
  member,
  isSelf,
  lastOwner,
  callerRole,
  propertyNames,
  busy,
  onRole,
  onRemove,
  onMakeOwner,
}: {
  member: TeamMember;
  isSelf: boolean;
  /** The team's only owner: cannot leave or be demoted until someone else is owner. */
  lastOwner: boolean;
  callerRole: TeamRole;
  /** Names of the properties a limited membership covers. */
  propertyNames: string[];
  busy: boolean;
  onRole: (role: TeamRole) => void;
  onRemove: () => void;
  onMakeOwner: () => void;
}) {
  const { t } = useTranslation('team');
  const manages = callerRole === 'owner' || callerRole === 'admin';
  // Only an owner changes an owner or makes one.
  const mayChange = manages && !isSelf && (callerRole === 'owner' || member.role !== 'owner');
  const roleChoices = teamRoles.filter((role) => callerRole === 'owner' || role !== 'owner');
  return (
    <Flex as="li" direction={{ base: 'column', md: 'row' }} gap="3" py="3" borderBottomWidth="1px" align={{ md: 'center' }} data-testid="team-member">
      <Stack gap="1" flex="1" minW="0">
        <Text fontWeight="medium" overflowWrap="anywhere">
          {member.email}
          {isSelf && (
            <Badge ms="2" variant="subtle">
              {t('members.you')}
            </Badge>
          )}
        </Text>
        <Text textStyle="sm" color="fg.muted">
          {member.propertyIds === null ? t('members.allProperties') : t('members.someProperties', { names: propertyNames.join(', ') })}
        </Text>
      </Stack>
      <Box minW={{ md: '44' }}>
        {mayChange ? (
          <NativeSelect.Root size="md" disabled={busy}>
            <NativeSelect.Field
              aria-label={t('members.roleOf', { email: member.email })}
              value={member.role}
              onChange={(e) => onRole(e.target.value as TeamRole)}
            >
              {roleChoices.map((role) => (
                <option key={role} value={role}>
                  {t(`common:team.roles.${role}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : (
          <Badge size="lg" variant="outline">
            {t(`common:team.roles.${member.role}`)}
          </Badge>
        )}
      </Box>
      <Flex gap="2" wrap="wrap">
        {callerRole === 'owner' && !isSelf && member.role !== 'owner' && (
          <Button size="sm" minH="10" variant="outline" disabled={busy} onClick={onMakeOwner}>
            {t('members.makeOwner')}
          </Button>
        )}
        {mayChange && (
          <Button
            size="sm"
            minH="10"
            variant="outline"
            colorPalette="red"
            disabled={busy}
            onClick={onRemove}
            aria-label={t('members.removeWho', { email: member.email })}
          >
            {t('members.remove')}
          </Button>
        )}
        {isSelf && !lastOwner && (
          <Button size="sm" minH="10" variant="outline" disabled={busy} onClick={onRemove}>
            {t('members.leave')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
