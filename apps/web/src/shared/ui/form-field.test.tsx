import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FormField } from './form-field';

describe('FormField', () => {
  it('describes the control by its hint', () => {
    render(
      <FormField label="Password" hint="At least 5 characters">
        <input />
      </FormField>,
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 5 characters');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });

  it('keeps the hint beside an error, and every id it is described by is on the page', () => {
    render(
      <FormField label="Password" hint="At least 5 characters" error="Too short">
        <input />
      </FormField>,
    );
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    for (const id of field.getAttribute('aria-describedby')!.split(' ')) expect(document.getElementById(id)).not.toBeNull();
    expect(field).toHaveAccessibleDescription('Too short At least 5 characters');
  });

  it('is described by its error alone when it has no hint', () => {
    render(
      <FormField label="Name" error="Enter your name">
        <input />
      </FormField>,
    );
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Enter your name');
  });
});
