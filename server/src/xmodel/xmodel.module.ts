import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DictModule } from '../system/dict/dict.module';
import { XModelController, XModelFieldController } from './xmodel.controller';
import { XModel, XModelData, XModelField } from './xmodel.entity';
import './xmodel.messages';
import { XModelService } from './xmodel.service';

/**
 * The field-definition layer shared by metadata models (`/xmodel`), extension models (cms/exmodel) and custom forms
 * (cms/customform): import this module and use XModelService (validate, fieldsOf, models and fields, data read/write).
 */
@Module({
  imports: [TypeOrmModule.forFeature([XModel, XModelField, XModelData]), DictModule],
  providers: [XModelService],
  controllers: [XModelController, XModelFieldController],
  exports: [XModelService],
})
export class XModelModule {}
