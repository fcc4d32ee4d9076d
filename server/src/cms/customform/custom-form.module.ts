import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../../auth/auth.module';
import { SensitiveWordModule } from '../../word/sensitive/sensitive-word.module';
import { XModelModule } from '../../xmodel/xmodel.module';
import { CustomFormApiController } from './custom-form-api.controller';
import { CustomFormDataService } from './custom-form-data.service';
import { CustomFormFields } from './custom-form-fields';
import { CustomFormSubmitService } from './custom-form-submit.service';
import { CustomFormController, CustomFormDataController, CustomFormFieldController } from './custom-form.controller';
import { CmsCustomForm, CmsCustomFormData } from './custom-form.entity';
import './custom-form.messages';
import { CustomFormService } from './custom-form.service';

/**
 * Custom forms (docs/cms.md "Custom forms"): `/cms/customform...` for staff (forms, their fields through the
 * field-definition layer, submitted data and its export) and `/api/customform...` for the `{% customform %}` widget of
 * published pages (form, captcha, submit).
 */
@Module({
  imports: [TypeOrmModule.forFeature([CmsCustomForm, CmsCustomFormData]), AuthModule, SensitiveWordModule, XModelModule],
  providers: [CustomFormFields, CustomFormService, CustomFormDataService, CustomFormSubmitService],
  // The data and field controllers come first: their paths (`data`, `field`) would otherwise be read as a form id.
  controllers: [CustomFormDataController, CustomFormFieldController, CustomFormController, CustomFormApiController],
  exports: [CustomFormService],
})
export class CustomFormModule {}
