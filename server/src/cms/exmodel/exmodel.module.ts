import { Module } from '@nestjs/common';
import { XModelModule } from '../../xmodel/xmodel.module';
import { ExModelController, ExModelFieldController } from './exmodel.controller';
import './exmodel.messages';
import { ExModelService } from './exmodel.service';

/**
 * Extension models (`/cms/exmodel...`): the site, catalog and content modules import it to check and store their
 * records' extension values in their saves (`saveFor`) and register how to find their records (`registerSource`).
 */
@Module({
  imports: [XModelModule],
  providers: [ExModelService],
  controllers: [ExModelController, ExModelFieldController],
  exports: [ExModelService],
})
export class ExModelModule {}
