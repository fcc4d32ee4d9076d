/**
 * The field-definition layer shared by metadata models, extension models and custom forms (server/src/xmodel):
 * the control kinds a field is edited with and the validation kinds its value is checked by.
 */

/** How a field is edited (ChestnutCMS's MetaControlType): the value is text, except checkbox (a list of texts). */
export const XMODEL_CONTROL_TYPES = ['input', 'textarea', 'radio', 'checkbox', 'select', 'date', 'time', 'datetime', 'image', 'file'] as const;
export type XModelControlType = (typeof XMODEL_CONTROL_TYPES)[number];

/** Control kinds that choose among the field's options. */
export const XMODEL_OPTION_CONTROLS: readonly XModelControlType[] = ['radio', 'checkbox', 'select'];

/** How a value is checked (spec 5: not empty, number, integer, date, time, datetime, email, phone, regex). */
export const XMODEL_VALIDATION_TYPES = ['notEmpty', 'number', 'integer', 'date', 'time', 'datetime', 'email', 'phone', 'regex'] as const;
export type XModelValidationType = (typeof XMODEL_VALIDATION_TYPES)[number];

/** A validation rule of a field; `regex` carries its pattern, any rule may carry its own message. */
export interface XModelValidation {
  type: XModelValidationType;
  regex?: string;
  message?: string;
}

/** A field's options: a literal list, or the items of a dictionary type. */
export interface XModelFieldOptions {
  type: 'none' | 'text' | 'dict';
  /** The dictionary type when `type` is 'dict'. */
  dictType?: string;
  /** The items when `type` is 'text'. */
  items?: { value: string; label: string }[];
}

/** A field as the API answers it. */
export interface XModelFieldView {
  fieldId: string;
  modelId: string;
  name: string;
  code: string;
  controlType: XModelControlType;
  defaultValue: string;
  options: XModelFieldOptions;
  validations: XModelValidation[];
  required: boolean;
  sortFlag: number;
  remark: string;
}

/** A field's value: text, a number (number and integer rules), or a list of texts (checkbox). */
export type XModelValue = string | number | string[];
