/**
 * A room's card in the room list: tick box, name, scans, "Room: {number}", View / Edit / Delete.
 *
 * Built from plain elements with class names that the list computes once from the theme's own recipes (card, button,
 * heading), so a card looks as Chakra's components would draw it without their cost per card: 48 cards of Chakra's
 * Card, Checkbox and three Buttons were one 540–907 ms task in a tablet-sized window (820 px, 4× CPU slowdown); these
 * cards are one 176–266 ms task (README, "Property guide, rooms in bulk…").
 */
import { Button, useChakraContext, useRecipe, useSlotRecipe } from '@chakra-ui/react';
import { ClassNames, type CSSObject } from '@emotion/react';
import { memo, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { lightCheckboxBox } from '@/components/light-checkbox';
import { href } from '@/lib/paths';
import { openedFrom } from './list-return';
import type { RoomSummary } from '../types';

/** The class names of a card's parts. */
export interface RoomCardClasses {
  root: string;
  selected: string;
  body: string;
  head: string;
  tick: string;
  box: string;
  title: string;
  name: string;
  scans: string;
  room: string;
  footer: string;
  view: string;
  edit: string;
  remove: string;
}

/** What the theme's `css` gives: a style object Emotion takes (Chakra types it as a plain dictionary). */
type RoomCardStyles = Record<keyof RoomCardClasses, CSSObject>;

/** The cards' styles, from the theme's recipes with the list's own adjustments (once per list, not per card). */
function useRoomCardStyles(): RoomCardStyles {
  const system = useChakraContext();
  const card = useSlotRecipe({ key: 'card' });
  const button = useRecipe({ key: 'button' });
  const heading = useRecipe({ key: 'heading' });
  return useMemo(() => {
    const slots = card({ size: 'sm', variant: 'outline' });
    const action = { minH: '11', flex: '1' };
    return {
      root: system.css(slots.root, { bg: 'bg.panel', borderRadius: 'lg' }),
      selected: system.css({ borderColor: 'colorPalette.solid' }),
      body: system.css(slots.body, { gap: '1', pb: '1' }),
      head: system.css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '2' }),
      tick: system.css({ display: 'flex', alignItems: 'center', alignSelf: 'center', minH: '11', minW: '6', cursor: 'pointer' }),
      box: system.css(lightCheckboxBox),
      title: system.css({ minW: '0', flex: '1' }),
      name: system.css(heading({ size: 'md' }), { fontWeight: 'semibold', overflowWrap: 'anywhere' }),
      scans: system.css({ textStyle: 'xs', color: 'fg.muted', flexShrink: 0, pt: '1' }),
      room: system.css({ color: 'fg.muted', textStyle: 'sm' }),
      footer: system.css(slots.footer, { gap: '2', pt: '2' }),
      view: system.css(button({ size: 'sm' }), action),
      edit: system.css(button({ size: 'sm', variant: 'outline' }), action),
      remove: system.css({ colorPalette: 'red' }, button({ size: 'sm', variant: 'outline' }), action),
    };
  }, [system, card, button, heading]);
}

/**
 * The same class names as one object for as long as they stay the same, so the memoised cards are not drawn again
 * on every render of the list (a new object each time would do that).
 */
function StableClasses({ classes, children }: { classes: RoomCardClasses; children: (classes: RoomCardClasses) => ReactNode }) {
  const text = JSON.stringify(classes);
  const stable = useMemo(() => JSON.parse(text) as RoomCardClasses, [text]);
  return children(stable);
}

/** Renders `children` with the cards' class names (Emotion inserts each style once for the whole list). */
export function RoomCardClassNames({ children }: { children: (classes: RoomCardClasses) => ReactNode }) {
  const styles = useRoomCardStyles();
  return (
    <ClassNames>
      {({ css }) => (
        <StableClasses classes={Object.fromEntries(Object.entries(styles).map(([part, style]) => [part, css(style)])) as Record<keyof RoomCardClasses, string>}>
          {children}
        </StableClasses>
      )}
    </ClassNames>
  );
}

interface RoomCardProps {
  room: RoomSummary;
  classes: RoomCardClasses;
  deleting: boolean;
  onDelete: (room: RoomSummary) => Promise<void>;
  selected: boolean;
  onSelect: (id: string, selected: boolean) => void;
  /** The host's role may change rooms: Edit and Delete are offered. */
  edits: boolean;
}

/**
 * Memoised, with callbacks that stay the same: ticking one room redraws that card only. Redrawing every card took
 * 330–870 ms a tick for one page of 48 cards in a tablet-sized window (820 px, 4× CPU slowdown).
 */
export const RoomCard = memo(function RoomCard({ room, classes, deleting, onDelete, selected, onSelect, edits }: RoomCardProps) {
  const { t } = useTranslation('rooms');
  return (
    <article data-testid="qr-card" className={selected ? `${classes.root} ${classes.selected}` : classes.root}>
      <div className={classes.body}>
        <div className={classes.head}>
          <label className={classes.tick}>
            <input
              type="checkbox"
              className={classes.box}
              checked={selected}
              onChange={(event) => onSelect(room.id, event.target.checked)}
              aria-label={t('list.select', { name: room.name, number: room.roomNumber })}
            />
          </label>
          {/* Name and number in one block beside the tick box: a phone's list of 120 rooms is a line shorter a room. */}
          <div className={classes.title}>
            <h2 className={classes.name}>{room.name}</h2>
            <p className={classes.room} data-testid="qr-room">
              {t('list.room', { number: room.roomNumber })}
            </p>
          </div>
          <p className={classes.scans}>{t('list.scans', { count: room.scanCount })}</p>
        </div>
      </div>
      <div className={classes.footer}>
        <RouterLink className={classes.view} to={href.roomDetail(room.propertyId, room.id)} state={openedFrom('roomList')}>
          {t('list.view')}
        </RouterLink>
        {edits && (
          <RouterLink className={classes.edit} to={href.editRoom(room.propertyId, room.id)} state={openedFrom('roomList')}>
            {t('list.edit')}
          </RouterLink>
        )}
        {!edits ? null : deleting ? (
          // Chakra's own button for the one card being deleted: it draws the spinner.
          <Button size="sm" minH="11" flex="1" variant="outline" colorPalette="red" loading>
            {t('list.delete')}
          </Button>
        ) : (
          <button type="button" className={classes.remove} onClick={() => void onDelete(room)}>
            {t('list.delete')}
          </button>
        )}
      </div>
    </article>
  );
});
