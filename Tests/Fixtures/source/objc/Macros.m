#import "BaseViewController.h"
#import <ReactiveObjC/RACEXTScope.h>

#define WEAKSELF __weak typeof(self) weakSelf = self;
#define kWeakSelf(type) __weak typeof(type) weak##type = type;
#define kColorMain [UIColor colorWithRed:0.94 green:0.33 blue:0.2 alpha:1]
#define RGB(r, g, b) \
    [UIColor colorWithRed:(r) / 255.0 \
                    green:(g) / 255.0 \
                     blue:(b) / 255.0 \
                    alpha:1.0]

NS_ASSUME_NONNULL_BEGIN

@interface MacroHeavyViewController : BaseViewController
- (instancetype)initWithStyle:(NSInteger)style NS_DESIGNATED_INITIALIZER;
@property (nonatomic, strong) UIView *headerView __attribute__((deprecated("use tableHeaderView")));
@end

@implementation MacroHeavyViewController

SYNTHESIZE_SINGLETON_FOR_CLASS(MacroHeavyViewController)

- (void)viewDidLoad NS_REQUIRES_SUPER {
    [super viewDidLoad];
    WEAKSELF
    self.navigationItem.title = @"Macros";
    kWeakSelf(self)
    weakself.navigationController.navigationBar.barTintColor = RGB(0x33, 0x33, 0x33);
    @weakify(self);
    self.navigationController.navigationBar.tintColor = kColorMain;
    [self.service loadWithCompletion:^(NSArray *items) {
        @strongify(self);
        self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Edit" style:UIBarButtonItemStylePlain target:self action:@selector(edit)];
    }];
    DLog(@"loaded %@", self)
    weakSelf.navigationItem.hidesBackButton = YES;
    if (@available(iOS 11.0, *)) {
        self.navigationItem.backButtonTitle = @"";
    } else {
        self.navigationItem.backBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"" style:UIBarButtonItemStylePlain target:nil action:nil];
    }
    self.navigationItem.leftItemsSupplementBackButton = SHOW_SUPPLEMENT;
}

- (void)layoutTitle API_AVAILABLE(ios(11.0)) __attribute__((objc_direct)) {
    self.navigationItem.titleView = [[UIImageView alloc] initWithImage:[UIImage imageNamed:@"logo"]];
}

@end

NS_ASSUME_NONNULL_END
