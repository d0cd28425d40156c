import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { PopoverMenu, PopoverMenuAction, PopoverMenuLink, PopoverMenuSeparator } from './popover-menu';

function renderMenu(onArchive = vi.fn()) {
  renderWithProviders(
    <>
      <PopoverMenu id="menu-1" label="More actions" icon="…">
        <PopoverMenuLink to="/edit">Edit</PopoverMenuLink>
        <PopoverMenuLink to="/scans">Scans</PopoverMenuLink>
        <PopoverMenuSeparator />
        <PopoverMenuAction value="archive" onSelect={onArchive}>
          Archive
        </PopoverMenuAction>
      </PopoverMenu>
      <button type="button">After the menu</button>
    </>,
    { route: '/list', routes: [{ path: '/edit', element: <h1>Editing</h1> }] },
  );
  return screen.getByRole('button', { name: 'More actions' });
}

describe('a menu that is the platform’s popover', () => {
  it('opens at its button with the focus on the first item; the arrow keys, Home and End move it round', async () => {
    const user = userEvent.setup();
    const button = renderMenu();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'More actions' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Scans', 'Archive']);
    expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: 'Archive' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(menu).getByRole('menuitem', { name: 'Archive' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Scans' })).toHaveFocus();
    // Tab leaves the menu closed, from its button on.
    await user.keyboard('{Tab}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'After the menu' })).toHaveFocus();
  });

  it('closes when an item is chosen, with the focus back on its button, and runs the action', async () => {
    const user = userEvent.setup();
    const onArchive = vi.fn();
    const button = renderMenu(onArchive);
    await user.click(button);
    await user.keyboard('{End}{Enter}');
    expect(onArchive).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(await screen.findByRole('heading', { name: 'Editing' })).toBeInTheDocument();
  });
});
