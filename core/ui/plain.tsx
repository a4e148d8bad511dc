// Buttons and query fields as plain elements styled by core/ui/layout.css (pl-btn, pl-field),
// looking as MUI's Button and small outlined TextField do with core/ui/theme.ts. The list
// screens draw a dozen of them on every page: as MUI components each cost the server about
// half a millisecond of emotion styles (the query form and toolbar of a list page took a third
// of its rendering), as plain elements next to nothing. They behave as the elements they are:
// a <button>, an <input>, a native <select> (keyboard, forms and screen readers as the browser
// has them).
import { forwardRef, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

export interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> {
  variant?: 'contained' | 'outlined' | 'text';
  color?: 'primary' | 'error';
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  'data-testid'?: string;
}

/** MUI's Button (medium, no elevation) as a plain <button>; type "button" unless told. */
export const PlainButton = forwardRef<HTMLButtonElement, PlainButtonProps>(function PlainButton(
  { variant = 'text', color = 'primary', startIcon, endIcon, className, type = 'button', children, ...rest },
  ref,
) {
  return (
    <button ref={ref} type={type} className={`pl-btn pl-btn-${variant}${color === 'error' ? ' pl-btn-error' : ''}${className ? ` ${className}` : ''}`} {...rest}>
      {startIcon && <span className="pl-btn-start">{startIcon}</span>}
      {children}
      {endIcon && <span className="pl-btn-end">{endIcon}</span>}
    </button>
  );
});

interface FieldFrameProps {
  label?: ReactNode;
  /** The field's width in pixels. */
  width?: number;
  /** The label sits on the border whatever the field holds (a select always shows a choice). */
  shrink?: boolean;
  children: ReactNode;
  adornment?: ReactNode;
  testId?: string;
}

/**
 * The outlined frame around an input: the label inside until the field has focus or a value,
 * then on the border in a notch (MUI's fieldset and legend, moved by CSS from the input's state:
 * the input comes first and its siblings follow it).
 */
function FieldFrame({ label, width, shrink, children, adornment, testId }: FieldFrameProps) {
  return (
    <div className={`pl-field${shrink ? ' pl-field-shrink' : ''}`} style={width ? { width } : undefined} data-testid={testId}>
      {children}
      {adornment}
      {label !== undefined && <label className="pl-field-label">{label}</label>}
      <fieldset aria-hidden="true" className="pl-field-outline">
        <legend className={label === undefined ? 'pl-field-nolegend' : undefined}>{label !== undefined && <span>{label}</span>}</legend>
      </fieldset>
    </div>
  );
}

export interface PlainTextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'width'> {
  label?: string;
  width?: number;
  /** data-testid of the field's root. */
  testId?: string;
  /** data-testid of the <input>. */
  inputTestId?: string;
}

/** A small outlined text (or number) field with a floating label, as a plain <input>. */
export function PlainTextField({ label, width, testId, inputTestId, id, ...input }: PlainTextFieldProps) {
  return (
    <FieldFrame label={label} width={width} testId={testId}>
      {/* The placeholder (a space) is what CSS reads to know the field holds nothing. */}
      <input className="pl-field-input" placeholder=" " aria-label={label} id={id} data-testid={inputTestId} {...input} />
    </FieldFrame>
  );
}

export interface PlainSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size' | 'width'> {
  label?: string;
  width?: number;
  options: { value: string; label: string }[];
  testId?: string;
  selectTestId?: string;
}

/** A small outlined select, as a native <select> (its label always on the border). */
export function PlainSelect({ label, width, options, testId, selectTestId, ...select }: PlainSelectProps) {
  return (
    <FieldFrame
      label={label}
      width={width}
      shrink
      testId={testId}
      adornment={
        <svg className="pl-svg pl-field-arrow" focusable="false" aria-hidden="true" viewBox="0 0 24 24">
          <path d="m7 10 5 5 5-5z" />
        </svg>
      }
    >
      <select className="pl-field-input pl-field-select" aria-label={label} data-testid={selectTestId} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
