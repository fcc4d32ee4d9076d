import { TextField as MuiTextField } from '@mui/material';
import { useEffect, useMemo, useRef } from 'react';
import {
  BulkDeleteButton,
  Create,
  Datagrid,
  DeleteButton,
  EditButton,
  FieldTitle,
  FormDataConsumer,
  FunctionField,
  InputHelperText,
  maxLength,
  maxValue,
  minValue,
  NumberField,
  NumberInput,
  RadioButtonGroupInput,
  regex,
  required,
  SelectInput,
  TextField,
  TextInput,
  useInput,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { CHECK_TYPE_CODES } from '@zhiwen/shared';
import { DateTimeField } from '../../../components/DateTimeField';
import { DictField } from '../../../components/DictField';
import { EditForm } from '../../../components/EditForm';
import { EditPage } from '../../../components/EditPage';
import { ScreenList } from '../../../components/ScreenList';
import { StateChip } from '../../../components/StateChip';
import { useHasPermission } from '../../../components/usePermission';
import {
  CHECK_TYPE_CHOICES,
  fenToYuan,
  PATH_URL_FORMAT,
  pathUrlToFill,
  PRICE_MODE_CHOICES,
  priceInRange,
  priceParts,
  PRODUCT_STATUS,
  routeOfCheckType,
  yuanToFen,
} from './product';

const filters = [
  <TextInput key="productName" source="productName" label="app.check_product.productName" alwaysOn />,
  <SelectInput key="checkType" source="checkType" label="app.check_product.checkType" choices={CHECK_TYPE_CHOICES} alwaysOn />,
  <SelectInput key="status" source="status" label="app.check_product.status" choices={[...PRODUCT_STATUS]} alwaysOn />,
];

/** "19.90/篇": the stored fen shown in yuan with its pricing unit. */
function PriceText({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const { amount, unitKey } = priceParts(record.price, record.priceMode);
  return <>{amount ? `${amount}${translate(unitKey)}` : ''}</>;
}

/** 检测产品: what each public check route sells, at what price. */
export function ProductList() {
  const canRemove = useHasPermission('check:product:remove');
  return (
    <ScreenList filters={filters} sort={{ field: 'sort', order: 'ASC' }}>
      {/* No selection boxes for callers who could not delete the selection anyway. */}
      <Datagrid rowClick={false} bulkActionButtons={canRemove ? <BulkDeleteButton mutationMode="pessimistic" /> : false}>
        <TextField source="productName" label="app.check_product.productName" sortable={false} />
        <DictField source="checkType" label="app.check_product.checkType" choices={CHECK_TYPE_CHOICES} sortable={false} />
        <FunctionField label="app.check_product.price" sortBy="price" render={(r: RaRecord) => <PriceText record={r} />} />
        <TextField source="pathUrl" label="app.check_product.pathUrl" sortable={false} />
        <FunctionField label="app.check_product.status" render={(r: RaRecord) => <StateChip choices={PRODUCT_STATUS} state={r.status} />} />
        <NumberField source="sort" label="app.check_product.sort" />
        <DateTimeField source="createTime" label="app.check_product.createTime" />
        <EditButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </ScreenList>
  );
}

/** Check type select, each type with the route it sells on. */
function CheckTypeInput() {
  const translate = useTranslate();
  // Labels are built here (not translated by the select) because they carry the route too.
  const choices = useMemo(
    () => CHECK_TYPE_CODES.map((id) => ({ id, name: `${translate(`app.check_type.${id}`)} (${routeOfCheckType(id)})` })),
    [translate],
  );
  return <SelectInput source="checkType" label="app.check_product.checkType" choices={choices} translateChoice={false} validate={required()} />;
}

const PATH_URL_VALIDATE = [required(), regex(PATH_URL_FORMAT, 'app.check_product.pathUrl_format')];

/**
 * The public path. A custom input (useInput) because it has to write its own value: when the check type changes and
 * the path is still empty, it takes the type's route. Only on a change, so clearing the field by hand sticks.
 */
function PathUrlInput({ checkType }: { checkType: unknown }) {
  const { field, fieldState, id, isRequired } = useInput({ source: 'pathUrl', validate: PATH_URL_VALIDATE });
  const { ref, ...fieldProps } = field;
  const { value, onChange } = field;
  const lastType = useRef(checkType);
  useEffect(() => {
    if (lastType.current === checkType) return;
    lastType.current = checkType;
    const path = pathUrlToFill(checkType, value);
    if (path) onChange(path);
  }, [checkType, value, onChange]);
  return (
    <MuiTextField
      id={id}
      {...fieldProps}
      inputRef={ref}
      value={value ?? ''}
      className="ra-input ra-input-pathUrl"
      label={<FieldTitle label="app.check_product.pathUrl" source="pathUrl" isRequired={isRequired} />}
      error={fieldState.invalid}
      helperText={<InputHelperText error={fieldState.error?.message} helperText="app.check_product.pathUrl_help" />}
      slotProps={{ htmlInput: { maxLength: 61 } }}
    />
  );
}

/** The price is typed in yuan; the form (and the server) hold integer fen. Module-level so the input's effect stays quiet. */
const formatPrice = (fen: unknown) => fenToYuan(fen);
const parsePrice = (yuan: unknown) => yuanToFen(yuan);

function ProductForm() {
  return (
    <EditForm deleteButton={<DeleteButton mutationMode="pessimistic" />}>
      <TextInput source="productName" label="app.check_product.productName" validate={[required(), maxLength(100)]} />
      <CheckTypeInput />
      <SelectInput source="priceMode" label="app.check_product.priceMode" choices={PRICE_MODE_CHOICES} defaultValue="fixed" validate={required()} />
      <NumberInput
        source="price"
        label="app.check_product.price"
        helperText="app.check_product.price_help"
        format={formatPrice}
        parse={parsePrice}
        min={0}
        step={0.01}
        validate={[required(), priceInRange]}
      />
      <FormDataConsumer>{({ formData }) => <PathUrlInput checkType={formData.checkType} />}</FormDataConsumer>
      <TextInput source="image" label="app.check_product.image" validate={maxLength(500)} fullWidth />
      <TextInput source="description" label="app.check_product.description" multiline minRows={3} validate={maxLength(5000)} fullWidth />
      <RadioButtonGroupInput source="status" label="app.check_product.status" choices={[...PRODUCT_STATUS]} defaultValue="0" />
      <NumberInput
        source="sort"
        label="app.check_product.sort"
        defaultValue={0}
        min={0}
        step={1}
        validate={[required(), minValue(0), maxValue(999999)]}
      />
      <TextInput source="remark" label="app.check_product.remark" multiline validate={maxLength(500)} fullWidth />
    </EditForm>
  );
}

export function ProductCreate() {
  return (
    <Create redirect="list">
      <ProductForm />
    </Create>
  );
}

export function ProductEdit() {
  return (
    <EditPage titleKey="app.check_product.edit_title" nameSource="productName">
      <ProductForm />
    </EditPage>
  );
}
