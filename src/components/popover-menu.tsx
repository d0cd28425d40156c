/**
 * A menu of actions that is the platform's popover (issue 31). Its button opens it with `popovertarget`, so where the
 * page is painted before the app is live (the dashboard's copy, src/first-paint/dashboard/copy.ts) it opens at a tap
 * with none of the app's code; a tap outside or Escape closes it and the focus goes back to its button. Its items are
 * in the page while it is closed: a tap kept on the copy's item is made again on the live one.
 *
 * The keys of ARIA's menu pattern: the first item has the focus when it opens, the arrow keys, Home and End move it,
 * Tab closes the menu.
 */
import { Box, Button, chakra, useSlotRecipe, type SystemStyleObject } from '@chakra-ui/react';
import { createContext, useContext, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** The button each menu is placed under; scoped to the menu, so each menu finds its own. */
const MENU_ANCHOR = '--rg-popover-menu';

/**
 * Below its button, right edges aligned, above it where there is no room below, where the browser can anchor it
 * (and scope the anchor's name to one menu); elsewhere a sheet along the bottom of the screen.
 */
const placement: SystemStyleObject = {
  position: 'fixed',
  inset: 'auto 0 0 0',
  width: '100%',
  maxWidth: 'none',
  margin: '0',
  borderWidth: '0',
  '@supports (anchor-scope: all) and (position-area: block-end)': {
    positionAnchor: MENU_ANCHOR,
    positionArea: 'block-end span-inline-start',
    positionTryFallbacks: 'flip-block',
    inset: 'auto',
    width: 'max-content',
    marginBlock: '1',
  },
};

const highlighted: SystemStyleObject = { bg: 'bg.emphasized/60' };

/** The styles of the menu's items and separators, from the theme's menu recipe. */
const PartStyles = createContext<{ item: SystemStyleObject; separator: SystemStyleObject }>({ item: {}, separator: {} });

/** The items a key moves the focus between, in order. */
function itemsOf(menu: HTMLElement): HTMLElement[] {
  return Array.from(menu.querySelectorAll<HTMLElement>('[role=menuitem]'));
}

function moveFocus(event: KeyboardEvent<HTMLDivElement>): void {
  const menu = event.currentTarget;
  if (event.key === 'Tab') {
    menu.hidePopover(); // the focus goes back to the button, and Tab moves on from there
    return;
  }
  const items = itemsOf(menu);
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
  if (next === undefined || items.length === 0) return;
  event.preventDefault();
  items[(next + items.length) % items.length].focus();
}

interface PopoverMenuProps {
  /** The menu's id: unique in the page (src/first-paint/dashboard/painter.ts renames the copy's). */
  id: string;
  /** The button's name, and the menu's. */
  label: string;
  /** What the button shows. */
  icon: ReactNode;
  /** The button shows a spinner and takes no tap (an action of the menu is under way). */
  loading?: boolean;
  /** PopoverMenuLink, PopoverMenuAction and PopoverMenuSeparator. */
  children: ReactNode;
}

export function PopoverMenu({ id, label, icon, loading, children }: PopoverMenuProps) {
  const styles = useSlotRecipe({ key: 'menu' })({ size: 'md', variant: 'subtle' });
  const menuRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const follow = (event: Event) => {
      const opened = (event as ToggleEvent).newState === 'open';
      setOpen(opened);
      if (opened) itemsOf(menu)[0]?.focus();
    };
    menu.addEventListener('toggle', follow);
    return () => menu.removeEventListener('toggle', follow);
  }, []);
  // A chosen item closes the menu first: a dialog it opens is not hidden behind it, and the focus is back on the button.
  const closeOnChoice = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('[role=menuitem]')) event.currentTarget.hidePopover();
  };
  return (
    <Box display="flex" css={{ anchorScope: MENU_ANCHOR }}>
      <Button
        minH="11"
        minW="11"
        variant="outline"
        loading={loading}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        popoverTarget={id}
        css={{ anchorName: MENU_ANCHOR }}
      >
        {icon}
      </Button>
      <Box
        id={id}
        ref={menuRef}
        popover="auto"
        role="menu"
        aria-label={label}
        css={[styles.content, placement]}
        minW="56"
        onKeyDown={moveFocus}
        onClick={closeOnChoice}
      >
        <PartStyles.Provider value={{ item: { ...styles.item, minH: '11', _hover: highlighted, _focusVisible: highlighted }, separator: styles.separator }}>
          {children}
        </PartStyles.Provider>
      </Box>
    </Box>
  );
}

/** An item that goes to another screen of the app. */
export function PopoverMenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <chakra.a asChild css={useContext(PartStyles).item}>
      <RouterLink to={to} role="menuitem" tabIndex={-1}>
        {children}
      </RouterLink>
    </chakra.a>
  );
}

/**
 * An item that acts on the page; `value` names it in the page (`data-value`, as the painter finds the copy's Delete),
 * `danger` draws it in the error colour.
 */
export function PopoverMenuAction({ value, onSelect, danger, children }: { value: string; onSelect: () => void; danger?: boolean; children: ReactNode }) {
  const itemStyles = useContext(PartStyles).item;
  return (
    <chakra.button
      type="button"
      role="menuitem"
      tabIndex={-1}
      data-value={value}
      css={danger ? { ...itemStyles, color: 'fg.error', _hover: { bg: 'bg.error' }, _focusVisible: { bg: 'bg.error' } } : itemStyles}
      onClick={onSelect}
    >
      {children}
    </chakra.button>
  );
}

export function PopoverMenuSeparator() {
  return <Box role="separator" css={useContext(PartStyles).separator} />;
}
