import { FunctionField, useTranslate, type FunctionFieldProps } from 'react-admin';

export interface DictChoice {
  id: string;
  /** i18n key of the label (or the label itself for choices loaded from the server, with `translateChoice={false}`). */
  name: string;
}

/** A dictionary value shown by its label; numbers and strings match alike (operlog sends `businessType: 1`). */
export function DictField(props: Omit<FunctionFieldProps, 'render'> & { source: string; choices: readonly DictChoice[]; translateChoice?: boolean }) {
  const { choices, translateChoice = true, ...rest } = props;
  const translate = useTranslate();
  return (
    <FunctionField
      {...rest}
      render={(record) => {
        const value = record?.[props.source];
        if (value === undefined || value === null || value === '') return '';
        const choice = choices.find((c) => c.id === String(value));
        if (!choice) return String(value);
        return translateChoice ? translate(choice.name) : choice.name;
      }}
    />
  );
}
