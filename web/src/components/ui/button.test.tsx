import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';

import { Button } from './button';

it('renders a button with the default look, and lets a given class override a variant class', () => {
  render(<Button className="px-8">Save</Button>);
  const button = screen.getByRole('button', { name: 'Save' });
  expect(button.dataset.slot).toBe('button');
  expect(button.classList).toContain('bg-primary');
  expect(button.classList).toContain('px-8');
  expect(button.classList).not.toContain('px-4');
});

it('renders a chosen variant and size', () => {
  render(
    <Button variant="outline" size="sm">
      Cancel
    </Button>,
  );
  const button = screen.getByRole('button', { name: 'Cancel' });
  expect(button.classList).toContain('border');
  expect(button.classList).toContain('h-8');
  expect(button.classList).not.toContain('bg-primary');
});

it('with asChild, gives its look to the child element instead of rendering a button', () => {
  render(
    <Button asChild>
      <a href="/items">Items</a>
    </Button>,
  );
  expect(screen.queryByRole('button')).toBeNull();
  const link = screen.getByRole('link', { name: 'Items' });
  expect(link.getAttribute('href')).toBe('/items');
  expect(link.dataset.slot).toBe('button');
  expect(link.classList).toContain('bg-primary');
});
