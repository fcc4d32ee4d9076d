import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { XModelFieldView } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import type { CreateXModelFieldDto, UpdateXModelFieldDto } from '../../xmodel/xmodel.dto';
import type { XModelField } from '../../xmodel/xmodel.service';
import { XModelService, type XModelOwner, type XModelValues } from '../../xmodel/xmodel.service';
import { ServiceException } from '../../common/errors/service-exception';
import type { CmsCustomForm } from './custom-form.entity';

/** The owner type of form models in the field-definition layer. */
export const CUSTOM_FORM_OWNER = 'customform';

const ownerOf = (form: Pick<CmsCustomForm, 'formId'>): XModelOwner => ({ ownerType: CUSTOM_FORM_OWNER, ownerId: String(form.formId) });

/**
 * A form's fields through the shared field-definition layer (server/src/xmodel): the form owns one metadata model
 * (owner type `customform`, owner id the form id) whose fields are the form's fields, checked by the layer's control
 * and validation kinds. This is the only place custom forms talk to the layer.
 */
@Injectable()
export class CustomFormFields {
  constructor(private readonly xmodel: XModelService) {}

  /** Creates the form's model in the caller's transaction; answers its id. */
  async createModel(m: EntityManager, user: LoginUser, form: CmsCustomForm): Promise<string> {
    const model = await this.xmodel.createModel(user.userName, ownerOf(form), { name: form.name, code: form.code, remark: '' }, m);
    return String(model.modelId);
  }

  /** Keeps the model's name and code those of the form. */
  async renameModel(_m: EntityManager, user: LoginUser, form: CmsCustomForm): Promise<void> {
    await this.xmodel.updateModel(user.userName, String(form.modelId), { name: form.name, code: form.code }, ownerOf(form));
  }

  async removeModels(m: EntityManager, modelIds: string[]): Promise<void> {
    if (modelIds.length) await this.xmodel.removeModels(modelIds, undefined, m);
  }

  async fieldsOf(modelId: string, _m?: EntityManager): Promise<XModelFieldView[]> {
    return (await this.xmodel.fieldsOf(modelId)).map(view);
  }

  /** A field's options as value/label pairs ([] when it has none). */
  async options(field: Pick<XModelFieldView, 'options'>): Promise<Array<{ value: string; label: string }>> {
    return (await this.xmodel.optionsOf(field)) ?? [];
  }

  /** Option labels by field code (for the export: values shown as their labels). */
  async labels(fields: XModelFieldView[]): Promise<Map<string, Map<string, string>>> {
    const out = new Map<string, Map<string, string>>();
    for (const f of fields) {
      const options = await this.options(f);
      if (options.length) out.set(f.code, new Map(options.map((o) => [o.value, o.label])));
    }
    return out;
  }

  /** The values checked by the form's fields and normalized (400 with the first field's message otherwise). */
  async validate(form: CmsCustomForm, values: Record<string, unknown>): Promise<XModelValues> {
    if (!form.modelId) throw new ServiceException('customform.noFields', { name: form.name });
    return this.xmodel.validate(String(form.modelId), values);
  }

  // ---- the designer ---------------------------------------------------------------------------------------------

  addField(user: LoginUser, form: CmsCustomForm, dto: CreateXModelFieldDto): Promise<XModelField> {
    return this.xmodel.createField(user.userName, { ...dto, modelId: String(form.modelId) }, ownerOf(form));
  }

  editField(user: LoginUser, form: CmsCustomForm, dto: UpdateXModelFieldDto): Promise<XModelField> {
    return this.xmodel.updateField(user.userName, { ...dto, modelId: String(form.modelId) }, ownerOf(form));
  }

  async removeFields(form: CmsCustomForm, fieldIds: string[]): Promise<void> {
    await this.xmodel.removeFields(fieldIds, String(form.modelId), ownerOf(form));
  }

  /** Puts the form's fields in the order given (every field of the form, each once). */
  async sortFields(user: LoginUser, form: CmsCustomForm, fieldIds: string[]): Promise<XModelFieldView[]> {
    const fields = await this.xmodel.fieldsOf(String(form.modelId));
    const ids = fields.map((f) => String(f.fieldId));
    if (fieldIds.length !== ids.length || new Set(fieldIds).size !== ids.length || fieldIds.some((id) => !ids.includes(id))) {
      throw new ServiceException('customform.sortFields');
    }
    for (const [index, fieldId] of fieldIds.entries()) {
      const f = fields.find((x) => String(x.fieldId) === fieldId)!;
      if (f.sortFlag === index + 1) continue;
      await this.xmodel.updateField(user.userName, { ...view(f), fieldId, sortFlag: index + 1 } as UpdateXModelFieldDto, ownerOf(form));
    }
    return this.fieldsOf(String(form.modelId));
  }

  controlTypes() {
    return this.xmodel.controlTypes();
  }

  validationTypes() {
    return this.xmodel.validationTypes();
  }
}

function view(f: XModelField): XModelFieldView {
  return {
    fieldId: String(f.fieldId),
    modelId: String(f.modelId),
    name: f.name,
    code: f.code,
    controlType: f.controlType,
    defaultValue: f.defaultValue,
    options: f.options,
    validations: f.validations,
    required: f.required,
    sortFlag: f.sortFlag,
    remark: f.remark,
  };
}
