import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CheckProductController, CheckProductPublicController } from './check-product.controller';
import { CheckProduct } from './check-product.entity';
import './check-product.messages';
import { CheckProductService } from './check-product.service';

/** Check products (`/check/product`): what each public check route sells. Orders read prices through the service. */
@Module({
  imports: [TypeOrmModule.forFeature([CheckProduct])],
  controllers: [CheckProductController, CheckProductPublicController],
  providers: [CheckProductService],
  exports: [CheckProductService],
})
export class CheckProductModule {}
